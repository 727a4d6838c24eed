// Its own module, not replayWith's: lazy code (the devtools) reads logs with it, and esbuild gives a
// module the page's barrel re-exports (replayWith) to the page's chunk once lazy code imports it.
import { z } from 'zod'
import type { AnyAction, LogEntry, LogExport } from './types.js'

const entrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  action: z.object({ type: z.string() }).passthrough(),
})
const exportSchema = z.object({
  format: z.literal('airlock-log'),
  version: z.literal(1), // LOG_FORMAT_VERSION
  initialState: z.unknown(),
  entries: z.array(entrySchema),
})

const entriesSchema = z.array(entrySchema)
const exportEnvelopeSchema = exportSchema.extend({ entries: z.array(z.unknown()) })

export type ReplayInput<S, A extends AnyAction> = string | LogExport<S, A> | readonly LogEntry<A>[]

// isEntry and isEnvelope are fast paths in front of zod: when one says no, zod checks the same value and
// decides. So a mutant that only makes them say no more often costs time, never behaviour (marked
// equivalent below); one that lets a bad value through is killed by replayWith.test.ts's bad inputs.
// Where a marked mutator also has a killable twin on the same line, the twin was seen killed by hand.

/** The shape `entrySchema` accepts, checked without copying: zod over 100,000 entries took half of a replay. */
// Stryker disable next-line BlockStatement: an empty body returns undefined, a no: zod decides (see above)
function isEntry(value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: `→ true` and `!== ""` say no to every entry: zod decides (the `→ false` twins are killed by a null or undefined entry)
  if (typeof value !== 'object' ||
    value === null) return false
  const { seq, at, action } = value as Record<string, unknown>
  // Stryker disable next-line ConditionalExpression: `→ false` says no to every entry: zod decides (the `→ true` twins, one per dropped check, are killed by the bad entries)
  return Number.isInteger(seq) &&
    // Stryker disable next-line StringLiteral: `=== ""` says no to every entry: zod decides
    typeof at === 'number' &&
    !Number.isNaN(at) &&
    // Stryker disable next-line StringLiteral: `=== ""` says no to every entry: zod decides
    typeof action === 'object' &&
    action !== null &&
    // Stryker disable next-line StringLiteral: `=== ""` says no to every entry: zod decides
    typeof (action as { type?: unknown }).type === 'string'
}

// A missing `initialState` is not checked: zod reads it as undefined (a JSON export of an undefined
// state has none), which is what `log.initialState` gives here too.
// Stryker disable next-line BlockStatement: an empty body returns undefined, a no: zod decides (see above)
function isEnvelope<S, A extends AnyAction>(value: unknown): value is LogExport<S, A> {
  // Stryker disable next-line ConditionalExpression,StringLiteral: `→ true` and `!== ""` say no to every value: zod decides (the `→ false` twins are killed by null and undefined)
  if (typeof value !== 'object' ||
    value === null) return false
  const { format, version, entries } = value as Record<string, unknown>
  // Stryker disable next-line ConditionalExpression: `→ false` says no to every export: zod decides (the `→ true` twins are killed by another format or version)
  return format === 'airlock-log' &&
    version === 1 &&
    Array.isArray(entries)
}

/** The export format version this Airlock writes and reads (`LogExport.version`). */
export const LOG_FORMAT_VERSION = 1

/**
 * A log written by a newer Airlock (a bug report from a user on a later release): said in words
 * rather than as zod's "invalid literal", so whoever replays it knows to update.
 */
function refuseNewer(value: unknown): void {
  if (typeof value !== 'object' || value === null) return
  const { format, version } = value as Record<string, unknown>
  if (format === 'airlock-log' && typeof version === 'number' && version > LOG_FORMAT_VERSION) {
    throw new RangeError(`This log is format version ${version}, written by a newer Airlock; this one reads version ${LOG_FORMAT_VERSION}. Replay it with the version that wrote it, or a later one.`)
  }
}

/** The entries as given when every one is well formed; otherwise zod's error, which names the bad one. */
function parseEntries<A extends AnyAction>(value: readonly unknown[]): readonly LogEntry<A>[] {
  // Stryker disable next-line ConditionalExpression: `→ true` has zod check good entries too, which it passes (the `→ false` twin is killed by every bad entry)
  if (!value.every(isEntry)) entriesSchema.parse(value)
  return value as readonly LogEntry<A>[]
}

/** Where each entry of a `log.export()` string after the first starts: `},{"seq":` (see foldExport). */
const ENTRY_SEPARATOR = '},{"seq":'
const ENTRIES_START = '"entries":[{"seq":'
/** About how much text each batch parses: small enough that its objects die young, big enough that parse calls stay few. */
const BATCH_CHARS = 65_536

/**
 * Folds a `log.export()` string a batch of entries at a time. Parsed whole, a long log's entries all
 * live until the fold ends, and the garbage collector copies every one of them, twice: half of a
 * 100,000-entry replay went there. Parsed a batch at a time, each batch dies young.
 *
 * It reads only the layout `JSON.stringify` gives an export (`"entries":[` last, each entry starting
 * `{"seq":`) and cuts between entries where `},{"seq":` stands: no JSON string can hold those
 * characters (its quote would end the string), and a cut inside an entry leaves brackets open, which
 * JSON.parse refuses. Any other layout, a cut that does not parse, an entry that is not well formed
 * or a `seq` out of order gives undefined, and the caller reads the text whole (parseLog), which
 * sorts, or names the fault, as before.
 * @example const folded = foldExport(text, rootReducer) // { state } or undefined
 */
export function foldExport<S, A extends AnyAction>(text: string, reducer: (state: S, action: A) => S, initialState?: S): { state: S } | undefined {
  const start = text.indexOf(ENTRIES_START)
  if (start < 0 || !text.endsWith('}]}')) return undefined
  let from = start + ENTRIES_START.length - '{"seq":'.length
  const head = parseOrUndefined(`${text.slice(0, from)}]}`)
  if (!isEnvelope<S, A>(head)) return undefined
  let state = initialState ?? (head.initialState as S)
  let lastSeq = -Infinity
  const end = text.length - 2 // the `]` that closes the entries
  while (from < end) {
    const cut = text.indexOf(ENTRY_SEPARATOR, from + BATCH_CHARS)
    const to = cut < 0 ? end : cut + 1
    const batch = parseOrUndefined(`[${text.slice(from, to)}]`) as unknown[] | undefined
    if (!batch) return undefined
    for (const entry of batch) {
      if (!isEntry(entry) || !((entry as LogEntry<A>).seq > lastSeq)) return undefined
      lastSeq = (entry as LogEntry<A>).seq
      state = reducer(state, (entry as LogEntry<A>).action)
    }
    from = to + 1 // past the comma
  }
  return { state }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A log as read from a file or an export: where it starts, and its entries in `seq` order. */
export interface ParsedLog<S, A extends AnyAction> {
  /** A bare entry list (no starting state of its own), not an export. */
  readonly bare: boolean
  /** The export's own starting state; undefined for a bare entry list. */
  readonly initialState: S | undefined
  readonly entries: readonly LogEntry<A>[]
}

/**
 * Reads a log (a JSON string, an export object, or a bare entry list) and validates it: logs come
 * back from bug reports and files. A newer format version is refused in words.
 * @example const { initialState, entries } = parseLog(file)
 */
export function parseLog<S, A extends AnyAction>(input: ReplayInput<S, A>): ParsedLog<S, A> {
  const parsed: unknown = typeof input === 'string' ? JSON.parse(input) : input
  let initialState: S | undefined
  let entries: readonly LogEntry<A>[]
  if (Array.isArray(parsed)) {
    entries = parseEntries<A>(parsed)
  } else {
    refuseNewer(parsed)
    // The envelope checked by hand when it is right (zod would copy all 100,000 entries); zod names what is wrong.
    const log = isEnvelope(parsed) ? parsed : (exportEnvelopeSchema.parse(parsed) as unknown as LogExport<S, A>)
    entries = parseEntries<A>(log.entries)
    initialState = log.initialState as S
  }
  // Exports are in order already: sort (a copy) only when they are not. Sorting entries already
  // in order would give the same order (sort is stable), only slower: so every mutant here that
  // only sorts more often is equivalent.
  // Stryker disable next-line ArrowFunction: `() => undefined` sorts every list
  const inOrder = entries.every((entry, i) =>
    // Stryker disable next-line ConditionalExpression: `→ false` sorts every list (its twins, `→ true` and `i === 0 → false`, are killed by the unsorted and the non-empty lists)
    i === 0 ||
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `→ false` sorts every list, `<=` leaves equal seqs unsorted, in the order sort would keep (the `>=` twin is killed by the unsorted lists)
    entries[i - 1]!.seq < entry.seq)
  return { bare: Array.isArray(parsed), initialState, entries: inOrder ? entries : [...entries].sort((a, b) => a.seq - b.seq) }
}
