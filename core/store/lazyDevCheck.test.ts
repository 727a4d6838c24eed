import { describe, expect, test, vi } from 'vitest'
import { lazyDevCheck } from './lazyDevCheck.js'

describe('lazyDevCheck', () => {
  test('behavior: finds non-serializable values once its code is in', async () => {
    const check = lazyDevCheck(true)
    await vi.waitFor(() => expect(check({ type: 'x', at: new Date(0) })).toBe('at'))
    expect(check({ type: 'x', at: 0 })).toBeNull()
  })

  test('parameters: disabled, it never reports', async () => {
    const check = lazyDevCheck(false)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(check({ type: 'x', fn: () => 1 })).toBeNull()
  })
})
