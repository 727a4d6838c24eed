import { describe, expect, test, vi } from 'vitest'
import { MapStorage } from '../testing/MapStorage.js'
import { canUseLocalStorage } from './createLocalStorageBackend.js'

describe('canUseLocalStorage', () => {
  test("default: a working storage passes, probed by one write under Airlock's own key, removed again", () => {
    const localStorage = new MapStorage()
    localStorage.setItem('host-app/theme', 'dark')
    const setItem = vi.spyOn(localStorage, 'setItem')
    const removeItem = vi.spyOn(localStorage, 'removeItem')
    expect(canUseLocalStorage(localStorage)).toBe(true)
    // Under our prefix so no host key is ever overwritten or removed; a non-empty value, as real writes are.
    expect(setItem.mock.calls).toEqual([['@airlock/probe', '1']])
    expect(removeItem.mock.calls).toEqual([['@airlock/probe']])
    expect([...localStorage.map]).toEqual([['host-app/theme', 'dark']])
  })

  test('behavior: a storage whose setItem throws (Safari private mode) fails with that error', () => {
    const localStorage = new MapStorage()
    localStorage.failWrites = 'always'
    expect(canUseLocalStorage(localStorage)).toEqual({ error: expect.objectContaining({ name: 'QuotaExceededError' }) })
  })
})
