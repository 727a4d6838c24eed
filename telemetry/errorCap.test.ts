import { TestScheduler } from 'rxjs/testing'
import { beforeEach, describe, expect, test } from 'vitest'
import { capErrors } from './errorCap.js'

type Event = { kind: 'track' | 'error'; n: string }
const err = (n: string): Event => ({ kind: 'error', n })
const trk = (n: string): Event => ({ kind: 'track', n })
// a..j are errors, t..z are track events.
const values: Record<string, Event> = Object.fromEntries([
  ...'abcdefghij'.split('').map((n) => [n, err(n)] as const),
  ...'tuvwxyz'.split('').map((n) => [n, trk(n)] as const),
])

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
})

describe('capErrors', () => {
  test('default: 7 errors within 60 s, 5 pass', () => {
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-abcdefg|', values)
      const subs = '     ^-------!'
      const expected = ' -abcde--|'
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler))).toBe(expected, values)
      expectSubscriptions(source.subscriptions).toBe(subs)
    })
  })

  test('behavior: the window slides, so older errors free the budget one by one', () => {
    scheduler.run(({ hot, expectObservable }) => {
      // a is sent at 1 ms and stops counting at 60 001 ms; b at 60 002 ms; c still counts then.
      const source = hot('-abcdefg 59993ms h(ij) 5ms |', values)
      const expected = ' -abcde-- 59993ms h(i-) 5ms |'
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler))).toBe(expected, values)
    })
  })

  test('behavior: track events are never capped', () => {
    scheduler.run(({ hot, expectObservable }) => {
      const source = hot('-abcdefg(tu)-vwxyz 10ms h|', values)
      const expected = ' -abcde--(tu)-vwxyz 10ms -|'
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler))).toBe(expected, values)
    })
  })

  test('parameters: limit and windowMs', () => {
    scheduler.run(({ hot, expectObservable, time }) => {
      const windowMs = time('----------|')
      const source = hot('-abc 7ms def|', values)
      const expected = ' -ab- 7ms de-|'
      expectObservable(source.pipe(capErrors(2, windowMs, scheduler))).toBe(expected, values)
    })
  })

  test('behavior: each subscription has its own budget', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const capped = cold('-abcdefg|', values).pipe(capErrors(5, 60_000, scheduler))
      expectObservable(capped).toBe('-abcde--|', values)
      expectObservable(capped).toBe('-abcde--|', values)
    })
  })

  test('behavior: an error source errors through after what passed', () => {
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-abcdefg#', values)
      const subs = '     ^-------!'
      const expected = ' -abcde--#'
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler))).toBe(expected, values)
      expectSubscriptions(source.subscriptions).toBe(subs)
    })
  })

  test('behavior: an empty source completes at once', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<Event>('|')
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler))).toBe('|')
      expectSubscriptions(source.subscriptions).toBe('(^!)')
    })
  })

  test('behavior: a never source stays silent and is unsubscribed with the output', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<Event>('-')
      const unsub = '^ 90s !'
      expectObservable(source.pipe(capErrors(5, 60_000, scheduler)), unsub).toBe('-')
      expectSubscriptions(source.subscriptions).toBe(unsub)
    })
  })

  test('behavior: defaults are SPEC 9 (5 per 60 s)', () => {
    scheduler.run(({ hot, expectObservable }) => {
      // g comes 1 ms before a stops counting and is dropped; h comes exactly as it stops.
      const source = hot('abcdef 59993ms ghij', values)
      const expected = ' abcde- 59993ms -hij'
      expectObservable(source.pipe(capErrors<Event>(undefined, undefined, scheduler))).toBe(expected, values)
    })
  })
})
