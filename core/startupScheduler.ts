import type { SchedulerAction, SchedulerLike, Subscription } from 'rxjs'
// Deep rxjs entry point (see core/store/createStoreWithCheck.ts): the clock alone, no classes.
import { dateTimestampProvider } from 'rxjs/internal/scheduler/dateTimestampProvider'

type Work = (this: SchedulerAction<unknown>, state?: unknown) => void

/**
 * The default `deps.scheduler`: rxjs's `asyncScheduler`, whose code (with the classes it brings)
 * is fetched after the first paint instead of being part of the page's first JavaScript
 * (issue 12). Its clock is the same from the start (the store stamps log entries with it);
 * work scheduled before the code is here (only a host's own eager epic could) is handed to it on
 * arrival, due at the same moment. Airlock's own epics load later, with the code already here.
 * @example createAirlock({ deps: { scheduler: asyncScheduler } }) // tests pass their own instead
 */
export function createStartupScheduler(load: () => Promise<SchedulerLike> = () => import('./startupEffects.js').then((m) => m.asyncScheduler)): SchedulerLike & { preload(): Promise<void> } {
  let real: SchedulerLike | null = null
  const waiting = new Set<{ work: Work; due: number; state: unknown; handle: Subscription | null }>()
  let loading: Promise<void> | null = null
  const fetch = () =>
    (loading ??= load().then((scheduler) => {
      real = scheduler
      for (const entry of waiting) entry.handle = scheduler.schedule(entry.work, Math.max(0, entry.due - scheduler.now()), entry.state)
      waiting.clear()
    }))
  const scheduler: SchedulerLike & { preload(): Promise<void> } = {
    /** Starts fetching the real scheduler (createAirlock does after the first paint). */
    preload: fetch,
    now: () => (real ? real.now() : dateTimestampProvider.now()),
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T): Subscription {
      if (real) return real.schedule(work as Work, delay, state as unknown)
      const entry = { work: work as Work, due: dateTimestampProvider.now() + delay, state: state as unknown, handle: null as Subscription | null }
      waiting.add(entry)
      void fetch()
      let closed = false
      // A teardown as rxjs's own code uses one (`subscriber.add(...)`, `.unsubscribe()`).
      return {
        get closed() {
          return closed || (entry.handle?.closed ?? false)
        },
        unsubscribe() {
          closed = true
          waiting.delete(entry)
          entry.handle?.unsubscribe()
        },
      } as Subscription
    },
  }
  return scheduler
}
