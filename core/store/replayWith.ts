import { z } from 'zod'
import type { AnyAction, LogEntry, LogExport, Reducer } from './types.js'

const entrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  action: z.object({ type: z.string() }).passthrough(),
})
const exportSchema = z.object({
  format: z.literal('airlock-log'),
  version: z.literal(1),
  initialState: z.unknown(),
  entries: z.array(entrySchema),
})

export type ReplayInput<S, A extends AnyAction> = string | LogExport<S, A> | readonly LogEntry<A>[]

/**
 * Folds a log over a reducer. An export carries its own starting state; a bare
 * entry list starts from `initialState`. The input is validated, since logs
 * come back from bug reports and files.
 * @example const state = replayWith(rootReducer, defaultState)(log.export())
 */
export function replayWith<S, A extends AnyAction>(reducer: Reducer<S, A>, defaultInitialState: S) {
  return (input: ReplayInput<S, A>, initialState?: S): S => {
    const parsed: unknown = typeof input === 'string' ? JSON.parse(input) : input
    let state: S
    let entries: readonly LogEntry<A>[]
    if (Array.isArray(parsed)) {
      entries = z.array(entrySchema).parse(parsed) as unknown as LogEntry<A>[]
      state = initialState ?? defaultInitialState
    } else {
      const log = exportSchema.parse(parsed)
      entries = log.entries as unknown as LogEntry<A>[]
      state = initialState ?? (log.initialState as S)
    }
    const ordered = [...entries].sort((a, b) => a.seq - b.seq)
    for (const entry of ordered) state = reducer(state, entry.action)
    return state
  }
}
