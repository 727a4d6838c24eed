import { describe, expect, test } from 'vitest'
import { busyShare, parseCpuTimes, waitForQuietMachine } from './quietMachine.js'

describe('quietMachine', () => {
  test('default: /proc/stat counts idle and iowait as not busy, the rest (steal included) as busy', () => {
    expect(parseCpuTimes('cpu  10 2 5 70 8 1 1 3 4 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')).toEqual({ busy: 22, total: 100 })
  })

  test('edge: anything else is no reading', () => {
    expect(parseCpuTimes('')).toBeNull()
    expect(parseCpuTimes('cpu0 1 2 3 4 5 6 7 8\n')).toBeNull()
    expect(parseCpuTimes('cpu  1 2 x 4 5 6 7 8\n')).toBeNull()
    expect(parseCpuTimes('cpu  1 2 3\n')).toBeNull()
  })

  test('behavior: the busy share is the busy ticks over all ticks between two readings', () => {
    expect(busyShare({ busy: 100, total: 1000 }, { busy: 150, total: 1200 })).toBe(0.25)
    expect(busyShare({ busy: 100, total: 1000 }, { busy: 100, total: 1000 })).toBe(0)
  })

  test('behavior: the wait ends within its cap', async () => {
    const waited = await waitForQuietMachine({ threshold: 1, windowMs: 20, maxMs: 200 })
    // A threshold of every core passes the first window (or there is no /proc/stat: no wait).
    expect(waited).toBeLessThan(200)
    expect(await waitForQuietMachine({ threshold: -1, windowMs: 20, maxMs: 100 })).toBeGreaterThanOrEqual(process.platform === 'linux' ? 100 : 0)
  })
})
