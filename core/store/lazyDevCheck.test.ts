import { describe, expect, test, vi } from 'vitest'
import { lazyDevCheck } from './lazyDevCheck.js'
import type { AnyAction } from './types.js'

describe('lazyDevCheck', () => {
  test('behavior: finds non-serializable values once its code is in', async () => {
    // Loaded here first, so the check's own import is not a module transform racing waitFor's clock on a busy machine.
    await import('./serializable.js')
    const check = lazyDevCheck(true)
    const action = (extra: Record<string, unknown>) => ({ type: 'x', ...extra }) as AnyAction
    await vi.waitFor(() => expect(check(action({ at: new Date(0) }))).toBe('Action "x" is not serializable at `at`: use plain data, errors as { message }'), { timeout: 5_000 })
    expect(check(action({ at: 0 }))).toBeNull()
  })

  test('parameters: disabled, it never reports', async () => {
    const check = lazyDevCheck(false)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(check({ type: 'x', fn: () => 1 } as AnyAction)).toBeNull()
  })
})
