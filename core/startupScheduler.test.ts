import { asyncScheduler, timer, type SchedulerLike } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createStartupScheduler } from './startupScheduler.js'

describe('createStartupScheduler', () => {
  test('default: work scheduled before rxjs\'s scheduler is here runs once it is, at its due time; cancelled work never runs', async () => {
    let release!: (scheduler: SchedulerLike) => void
    const scheduler = createStartupScheduler(() => new Promise((resolve) => (release = resolve)))
    const ran: string[] = []
    const started = scheduler.now()
    timer(20, scheduler).subscribe(() => ran.push(`timer after ${scheduler.now() - started >= 19 ? '≥20' : '<20'} ms`))
    const cancelled = scheduler.schedule(() => void ran.push('cancelled'), 5)
    cancelled.unsubscribe()
    expect(cancelled.closed).toBe(true)
    release(asyncScheduler)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(ran).toEqual(['timer after ≥20 ms'])
  })

  test('behavior: once loaded, it is rxjs\'s scheduler: same clock, work goes straight to it', async () => {
    const scheduler = createStartupScheduler()
    await scheduler.preload()
    expect(Math.abs(scheduler.now() - asyncScheduler.now())).toBeLessThan(5)
    const ran = await new Promise<number>((resolve) => scheduler.schedule(() => resolve(1), 1))
    expect(ran).toBe(1)
  })
})
