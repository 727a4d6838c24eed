import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { AirlockState } from '../../core/state.js'
import { useAirlockInstance } from '../context.js'

/**
 * Reads a slice of state through useSyncExternalStore: no tearing under
 * concurrent rendering, and the server snapshot is the initial state, so
 * server and first client render agree. The selection is memoised by
 * `isEqual`, so components re-render only when their slice changes.
 * @example const open = useAirlockSelector((s) => s.modal.open)
 */
export function useAirlockSelector<T>(selector: (state: AirlockState) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const airlock = useAirlockInstance()
  const memo = useRef<{ state: AirlockState; selector: (state: AirlockState) => T; selected: T } | null>(null)
  const serverMemo = useRef<{ selected: T } | null>(null)

  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = airlock.state$.subscribe(() => onChange())
      return () => subscription.unsubscribe()
    },
    [airlock],
  )

  const select = (state: AirlockState): T => {
    const last = memo.current
    // The selector too: one closing over a prop must answer for the new prop in the render it changes.
    if (last && last.state === state && last.selector === selector) return last.selected
    const selected = selector(state)
    if (last && isEqual(last.selected, selected)) {
      memo.current = { state, selector, selected: last.selected }
      return last.selected
    }
    memo.current = { state, selector, selected }
    return selected
  }

  // React requires a stable server snapshot too (hydration calls it more than once).
  const selectServer = (): T => {
    const selected = selector(airlock.initialState)
    const last = serverMemo.current
    if (last && isEqual(last.selected, selected)) return last.selected
    serverMemo.current = { selected }
    return selected
  }

  return useSyncExternalStore(subscribe, () => select(airlock.getState()), selectServer)
}

/** Shallow equality for selections that return a fresh object of stable fields. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}
