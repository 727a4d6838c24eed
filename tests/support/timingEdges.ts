import { Observable, Subject } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { expect, test } from 'vitest'
import type { Action } from '../../core/actions/types.js'
import type { AirlockDeps } from '../../core/deps.js'
import type { AirlockState } from '../../core/state.js'
import type { Epic } from '../../core/store/types.js'
import { runEpic } from './epicHarness.js'

/**
 * One timing rule probed at both edges (issue #20): the scenario runs twice on a fresh virtual
 * clock, with its decisive moment (a trigger, a reply, or the moment looked at) `spec - 1` ms and
 * exactly `spec` ms after the rule starts, and the two runs must see what the rule says.
 */
export interface TimingEdge<T> {
  /** The duration as `core/constants/timing.ts` exports it (or the expression of its constants the rule uses, e.g. lifetime − margin). */
  readonly constant: number
  /** The same duration written as a literal in the test (SPEC 9, or the value the constant documents). */
  readonly spec: number
  /**
   * Runs the real epic with the decisive moment `ms` after the rule's start on a fresh clock;
   * returns what was observed. (For a count rule such as TELEMETRY_ERROR_CAP, `ms` is the count.)
   */
  readonly run: (ms: number) => T | Promise<T>
  /** What is observed 1 ms before the edge. */
  readonly before: T
  /** What is observed exactly at the edge. */
  readonly at: T
}

/**
 * Checks one edge pair: the constant is the literal, `before` and `at` differ, and the scenario
 * shows `before` at `spec - 1` ms and `at` at `spec` ms. A constant moved by 1 ms, or a `<` that
 * became `<=`, fails one of the two runs.
 * @example await expectTimingEdge({ constant: SHAKE_MS, spec: 500, run: (ms) => shakeEnded(ms), before: false, at: true })
 */
export async function expectTimingEdge<T>({ constant, spec, run, before, at }: TimingEdge<T>): Promise<void> {
  expect(constant, 'the constant in core/constants/timing.ts is the value the rule names').toBe(spec)
  expect(before, 'the two edges must look different, or the pair proves nothing').not.toEqual(at)
  expect(await run(spec - 1), `${spec - 1} ms (1 ms before the edge)`).toEqual(before)
  expect(await run(spec), `${spec} ms (at the edge)`).toEqual(at)
}

/**
 * A vitest test for one edge pair, named `<name> (<spec - 1> ms | <spec> ms)`: the names the
 * README's "Timing rule → constant → test" table points at.
 * @example timingEdge('SHAKE_MS: the shake ends 500 ms after it starts', { constant: SHAKE_MS, spec: 500, … })
 */
export function timingEdge<T>(name: string, edge: TimingEdge<T>): void {
  test(`${name} (${edge.spec - 1} ms | ${edge.spec} ms)`, () => expectTimingEdge(edge))
}

/** A fresh virtual clock (rxjs TestScheduler; comparisons through vitest). */
export const virtualClock = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/**
 * Runs `work` at virtual time `ms`, after everything else due at that time (and what it schedules
 * for the same moment) has run: "at `t`" means the clock has reached `t`, its timers included.
 * Without this, a trigger scheduled before the epic's own timer would come first in the same frame.
 */
export function atSettled(scheduler: TestScheduler, ms: number, work: () => void): void {
  const step = (): void => {
    // flush() has taken the running action off the queue: anything else left at this time (but
    // another settled step, which would wait for this one in turn) is due first.
    const due = scheduler.actions.some((action) => !settling.has(action) && (action as unknown as { delay: number }).delay <= scheduler.now())
    if (due) settling.add(scheduler.schedule(step))
    else work()
  }
  settling.add(scheduler.schedule(step, Math.max(0, ms - scheduler.now())))
}
/** The scheduled steps of `atSettled`, which wait for everything but each other. */
const settling = new WeakSet<object>()

/**
 * A cold observable that emits `value` and completes `ms` after it is subscribed, after whatever
 * else is due then (a reply that comes exactly at a timeout: the timeout has fired).
 * @example getImage: () => settledAfter(scheduler, ms, true)
 */
export function settledAfter<T>(scheduler: TestScheduler, ms: number, value: T): Observable<T> {
  return new Observable<T>((subscriber) => {
    let closed = false
    atSettled(scheduler, scheduler.now() + ms, () => {
      if (closed) return
      subscriber.next(value)
      subscriber.complete()
    })
    return () => void (closed = true)
  })
}

/** One action an epic emitted, with the virtual time it came at. */
export interface Timed {
  readonly ms: number
  readonly action: Action
}

export interface Timeline {
  readonly epic: Epic<Action, AirlockState, AirlockDeps>
  readonly state: AirlockState
  readonly deps: AirlockDeps
  /** Actions dispatched at their time; they go through the reducer like outputs. */
  readonly inputs?: readonly (readonly [ms: number, action: Action])[]
  /**
   * When an input comes relative to the epic's own timers due at the same time: `settled` (default)
   * after them (the clock has reached the edge); `first` before them, so a comparison such as
   * `now - failedAt < pauseMs` decides at exactly the edge, not the order of two events.
   */
  readonly inputOrder?: 'settled' | 'first'
  /** Other things that happen at their time (a frame posts, a relay reconnects). */
  readonly calls?: readonly (readonly [ms: number, work: () => void])[]
  /** Looks at the outputs and the state at this time (after what is due then) and stops the epic; default: runs to the end. */
  readonly lookAt?: number
}

/**
 * Runs a real epic on `scheduler` (through `runEpic`: every action folded by the real reducer,
 * outputs fed back) with inputs at given virtual times, and returns what it emitted, with times,
 * and the state, as they are at `lookAt`.
 * @example const { out } = runTimeline(clock, { epic: shakeEpic(), state, deps: marbleDeps(clock), inputs: [[0, shake]], lookAt: 500 })
 */
export function runTimeline(scheduler: TestScheduler, { epic, state, deps, inputs = [], inputOrder = 'settled', calls = [], lookAt }: Timeline): { out: Timed[]; state: AirlockState } {
  const out: Timed[] = []
  let seen: { out: Timed[]; state: AirlockState } | undefined
  let current = (): AirlockState => state
  scheduler.run(() => {
    const input$ = new Subject<Action>()
    const run = runEpic(scheduler, epic, input$, state, deps)
    current = run.state
    const subscription = run.out$.subscribe((action) => out.push({ ms: scheduler.now(), action }))
    // Scheduled now, before the run creates any timer: `first` inputs come before timers due at the same time.
    for (const [ms, action] of inputs) {
      if (inputOrder === 'first') scheduler.schedule(() => input$.next(action), ms)
      else atSettled(scheduler, ms, () => input$.next(action))
    }
    for (const [ms, work] of calls) atSettled(scheduler, ms, work)
    if (lookAt !== undefined) {
      atSettled(scheduler, lookAt, () => {
        seen = { out: [...out], state: run.state() }
        subscription.unsubscribe()
      })
    }
  })
  return seen ?? { out, state: current() }
}

/** The types of the timed actions, in order. */
export const typesOf = (timed: readonly Timed[]): string[] => timed.map((t) => t.action.type)
