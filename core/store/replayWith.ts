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

const entriesSchema = z.array(entrySchema)
const exportEnvelopeSchema = exportSchema.extend({ entries: z.array(z.unknown()) })

export type ReplayInput<S, A extends AnyAction> = string | LogExport<S, A> | readonly LogEntry<A>[]

/** The shape `entrySchema` accepts, checked without copying: zod over 100,000 entries took half of a replay. */
function isEntry(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { seq, at, action } = value as Record<string, unknown>
  return Number.isInteger(seq) && typeof at === 'number' && !Number.isNaN(at) && typeof action === 'object' && action !== null && typeof (action as { type?: unknown }).type === 'string'
}

function isEnvelope<S, A extends AnyAction>(value: unknown): value is LogExport<S, A> {
  if (typeof value !== 'object' || value === null) return false
  const { format, version, entries } = value as Record<string, unknown>
  return format === 'airlock-log' && version === 1 && 'initialState' in value && Array.isArray(entries)
}

/** The entries as given when every one is well formed; otherwise zod's error, which names the bad one. */
function parseEntries<A extends AnyAction>(value: readonly unknown[]): readonly LogEntry<A>[] {
  if (!value.every(isEntry)) entriesSchema.parse(value)
  return value as readonly LogEntry<A>[]
}

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
      entries = parseEntries<A>(parsed)
      state = initialState ?? defaultInitialState
    } else {
      // The envelope checked by hand when it is right (zod would copy all 100,000 entries); zod names what is wrong.
      const log = isEnvelope(parsed) ? parsed : (exportEnvelopeSchema.parse(parsed) as unknown as LogExport<S, A>)
      entries = parseEntries<A>(log.entries)
      state = initialState ?? (log.initialState as S)
    }
    // Exports are in order already: sort (a copy) only when they are not.
    const ordered = entries.every((entry, i) => i === 0 || entries[i - 1]!.seq < entry.seq) ? entries : [...entries].sort((a, b) => a.seq - b.seq)
    for (const entry of ordered) state = reducer(state, entry.action)
    return state
  }
}
