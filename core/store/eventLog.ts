import { redact } from './redact.js'
import type { AnyAction, LogEntry, LogExport } from './types.js'

export const DEFAULT_LOG_SIZE = 1000

/** The store's append-only, bounded record of what happened. */
export interface EventLog<S = unknown, A extends AnyAction = AnyAction> {
  /** The retained entries, oldest first (secrets redacted; error text was scrubbed before the reducer, see scrubErrorText). */
  entries(): LogEntry<A>[]
  /** The log as a JSON string: the state before the oldest entry, then the entries. */
  export(): string
  /** The same as `export()`, as an object. */
  toJSON(): LogExport<S, A>
  readonly capacity: number
  readonly size: number
}

/** The writable side, kept by the store. */
export interface EventLogWriter<S, A extends AnyAction> extends EventLog<S, A> {
  /** Records the action; returns its `seq`. */
  append(action: A, at: number, stateBefore: S): number
  /** Rewrites the kept state before each retained entry (a late reducer's fold, core/store/lateFold.ts). */
  patchStates(update: (stateBefore: S, seq: number) => S): void
}

interface Slot<S, A extends AnyAction> {
  entry: LogEntry<A>
  stateBefore: S
}

/**
 * A ring buffer of `{ seq, at, action }`. Each slot also keeps a reference to
 * the state before its action; states are immutable, so this costs a pointer
 * and lets an export replay exactly even after the buffer has wrapped.
 */
export function createEventLog<S, A extends AnyAction>(capacity: number, currentState: () => S): EventLogWriter<S, A> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`logSize must be a positive integer, got ${capacity}`)
  // Stryker disable next-line ArrayDeclaration: a growing [] holds the same slots (indices stay below capacity; holes and missing indices read alike)
  const slots: (Slot<S, A> | undefined)[] = new Array(capacity)
  let next = 0
  let count = 0
  let seq = 0

  const ordered = (): Slot<S, A>[] => {
    const out: Slot<S, A>[] = []
    const start = count < capacity ? 0 : next
    for (let i = 0; i < count; i++) out.push(slots[(start + i) % capacity]!)
    return out
  }

  const toJSON = (): LogExport<S, A> => {
    const all = ordered()
    return {
      format: 'airlock-log',
      version: 1,
      initialState: redact(all[0]?.stateBefore ?? currentState()),
      entries: all.map((slot) => slot.entry),
    }
  }

  return {
    capacity,
    get size() {
      return count
    },
    append(action, at, stateBefore) {
      seq += 1
      slots[next] = { entry: { seq, at, action: redact(action) }, stateBefore }
      next = (next + 1) % capacity
      if (count < capacity) count += 1
      return seq
    },
    patchStates(update) {
      for (const slot of slots) if (slot) slot.stateBefore = update(slot.stateBefore, slot.entry.seq)
    },
    entries: () => ordered().map((slot) => slot.entry),
    toJSON,
    export: () => JSON.stringify(toJSON()),
  }
}
