import type { AnyAction, Reducer } from './types.js'

/** A part of the state whose reducer arrives late (its code loads after the page's first paint). */
export interface LateReducer<S, A extends AnyAction> {
  /** The top-level keys it owns; no other reducer reads or writes them. */
  readonly keys: readonly (keyof S)[]
  /** Fetches the reducer for those keys (the rest of the state passes through unchanged). */
  load(): Promise<Reducer<S, A>>
}

/** What the store lets the late fold touch. */
export interface LateFoldStore<S> {
  get(): S
  /** Sets the state (subscribers are told) with no action: the result equals replaying the log. */
  set(state: S): void
  /** Rewrites the state the log keeps before each retained entry. */
  patchLog(update: (stateBefore: S, seq: number) => S): void
  readonly destroyed: boolean
}

/** Our choice: a page that dispatches this much before the code arrives gives the late part up. */
export const MAX_LATE_BACKLOG = 50_000
/** Our choice: a failed fetch is tried again with the next actions, this many times in all. */
export const LATE_LOAD_ATTEMPTS = 3

/**
 * Lets a store start before some reducers' code is here (issue 12: the page's first JavaScript).
 * Until it arrives, the late keys keep their initial values and the actions are kept; then they
 * are folded in at once, and the states the log kept before each of them are corrected, so the
 * state and `replay(log)` agree exactly from then on.
 * @example const late = createLateFold(params.late, store); after = late.apply(after, action, seq)
 */
export function createLateFold<S, A extends AnyAction>(late: LateReducer<S, A>, store: LateFoldStore<S>): { apply(state: S, action: A, seq: number): S; readonly ready: Promise<void> } {
  let reduce: Reducer<S, A> | null = null
  let backlog: { action: A; seq: number }[] | null = []
  let attempts = 0
  let loading = false
  let settle!: () => void
  const ready = new Promise<void>((resolve) => (settle = resolve))

  const pick = (state: S): Partial<S> => {
    const part: Partial<S> = {}
    for (const key of late.keys) part[key] = state[key]
    return part
  }

  const arrive = (reducer: Reducer<S, A>): void => {
    if (store.destroyed || !backlog) return settle()
    // The late keys still hold their initial values: fold what they missed from there.
    let running = store.get()
    const before = new Map<number, Partial<S>>()
    for (const { action, seq } of backlog) {
      before.set(seq, pick(running))
      running = reducer(running, action)
    }
    backlog = null
    reduce = reducer
    store.patchLog((stateBefore, seq) => {
      const part = before.get(seq)
      return part ? { ...stateBefore, ...part } : stateBefore
    })
    store.set({ ...store.get(), ...pick(running) })
    settle()
  }

  // Called only while the actions are kept (the code not here yet, not given up): after the last
  // failed attempt or the code's arrival nothing fetches again, so one load at a time is the guard.
  const fetch = (): void => {
    if (loading) return
    loading = true
    attempts += 1
    late.load().then(
      // `loading` stays set: the code is here (or came too late to matter), nothing loads it again.
      (reducer) => arrive(reducer),
      () => {
        loading = false
        // Given up: the late keys stay as they are (the features they serve could not load either).
        if (attempts >= LATE_LOAD_ATTEMPTS) {
          backlog = null
          settle()
        }
      },
    )
  }
  fetch()

  return {
    apply(state, action, seq) {
      if (reduce) return reduce(state, action)
      // Given up (too many actions, or the code could not load): the late keys stay as they are,
      // and the code is not fetched again, its arrival would be ignored.
      if (!backlog) return state
      if (backlog.length >= MAX_LATE_BACKLOG) {
        backlog = null
        settle()
        return state
      }
      backlog.push({ action, seq })
      fetch()
      return state
    },
    ready,
  }
}
