import { describe, expect, test } from 'vitest'
import { initialState } from '../../../tests/support/state.js'
import { optionsReducer } from './reducer.js'

describe('optionsReducer', () => {
  test('behavior: the project analytics switch can only turn analytics off', () => {
    const on = initialState({ projectId: 'p' }).options
    expect(on.features.analytics).toBe(true)
    // On: nothing changes (same object, so nobody re-renders).
    expect(optionsReducer(on, { type: 'options/analyticsConfigLoaded', enabled: true })).toBe(on)
    const off = optionsReducer(on, { type: 'options/analyticsConfigLoaded', enabled: false })
    expect(off.features).toEqual({ ...on.features, analytics: false })
    // A host that turned it off keeps it off, whatever the project says.
    const hostOff = initialState({ projectId: 'p', features: { analytics: false } }).options
    expect(optionsReducer(hostOff, { type: 'options/analyticsConfigLoaded', enabled: true })).toBe(hostOff)
    // A failure keeps the local setting.
    expect(optionsReducer(on, { type: 'options/analyticsConfigFailed', error: { message: 'Invalid JSON response' } })).toBe(on)
  })
})
