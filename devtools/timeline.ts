import type { Action } from '../core/actions/types.js'
import { createInitialState } from '../core/createInitialState.js'
import { resolveOptions } from '../core/options/resolveOptions.js'
import { reduceAll } from '../core/reduceAll.js'
import type { AirlockState } from '../core/state.js'
import { parseLog, type ReplayInput } from '../core/store/parseLog.js'
import type { LogEntry, LogExport } from '../core/store/types.js'

/**
 * A log as a scrubbable timeline: its entries and the state after each, folded by the same reducer
 * `replay()` uses. Built from the (redacted) log only, never from the live state, so whatever the
 * log redacted stays redacted here too.
 */
export interface Timeline {
  readonly initialState: AirlockState
  readonly entries: readonly LogEntry<Action>[]
  /** The state after `position` actions: 0 is the state before the first entry, `entries.length` the last. */
  stateAt(position: number): AirlockState
}

/**
 * Reads and validates a log (a file's text or an export) into a timeline; throws zod's or the
 * version check's error for a file that is not one.
 * @example const timeline = createTimeline(await file.text()); timeline.stateAt(3)
 */
export function createTimeline(input: ReplayInput<AirlockState, Action>): Timeline {
  const log = parseLog<AirlockState, Action>(input)
  return timelineOf(log.initialState ?? createInitialState(resolveOptions({}).options), log.entries)
}

/**
 * The timeline of a live log, reusing `previous`'s folded states when the new log only grew
 * (the common case: one more action), so a live panel folds each action once.
 */
export function extendTimeline(previous: Timeline | null, log: LogExport<AirlockState, Action>): Timeline {
  const entries = log.entries as readonly LogEntry<Action>[]
  const old = previous?.entries
  // The same first entry: nothing fell off the ring buffer, so every earlier state still holds.
  const grown = previous !== null && old !== undefined && old.length > 0 && old.length <= entries.length && old[0]!.seq === entries[0]!.seq
  return grown ? timelineOf(previous.initialState, entries, folded.get(previous)) : timelineOf(log.initialState, entries)
}

/**
 * Each timeline's folded states. A grown log's timeline shares its predecessor's array (the
 * states of a common prefix are the same): no chain of timelines is kept, and none is walked.
 */
const folded = new WeakMap<Timeline, AirlockState[]>()

function timelineOf(initialState: AirlockState, entries: readonly LogEntry<Action>[], shared?: AirlockState[]): Timeline {
  const states: AirlockState[] = shared ?? [initialState]
  const timeline: Timeline = {
    initialState,
    entries,
    stateAt(position) {
      const target = Math.max(0, Math.min(entries.length, Math.trunc(position)))
      for (let i = states.length; i <= target; i++) states[i] = reduceAll(states[i - 1]!, entries[i - 1]!.action)
      return states[target]!
    },
  }
  folded.set(timeline, states)
  return timeline
}
