import { of, queueScheduler } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { restartingTimer, type TimerStep } from './restartingTimer.js'

/** `s` starts (or restarts) a 3-frame timer that emits `x`, `c` cancels it, anything else is ignored. */
const step = (v: string): TimerStep<string> => (v === 's' ? { dueMs: 3, value: 'x' } : v === 'c' ? 'cancel' : 'ignore')
const marbles = (body: (helpers: Parameters<Parameters<TestScheduler['run']>[0]>[0], scheduler: TestScheduler) => void) => {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  scheduler.run((helpers) => body(helpers, scheduler))
}

describe('restartingTimer', () => {
  test('default: a value starts the timer; another before it fires restarts it; cancel drops it; others are ignored', () => {
    marbles(({ cold, expectObservable }, scheduler) => {
      // s at 0 restarted at 1 fires at 4; s at 6 is cancelled at 7; i at 9 does nothing; s at 10 fires at 13.
      expectObservable(cold('ss----sc-is---').pipe(restartingTimer(step, scheduler))).toBe('----x--------x')
    })
  })

  test('behavior: a source that completes with a timer pending completes once that timer has fired', () => {
    marbles(({ cold, expectObservable }, scheduler) => {
      expectObservable(cold('s|').pipe(restartingTimer(step, scheduler))).toBe('---(x|)')
    })
  })

  test('behavior: a source that completes with no timer pending completes at once', () => {
    marbles(({ cold, expectObservable }, scheduler) => {
      expectObservable(cold('-i|').pipe(restartingTimer(step, scheduler))).toBe('--|')
      expectObservable(cold('-sc|').pipe(restartingTimer(step, scheduler))).toBe('---|')
    })
  })

  test('error: a source error is passed on at once, and the pending timer does not fire', () => {
    marbles(({ cold, expectObservable }, scheduler) => {
      expectObservable(cold('s-#', undefined, new Error('down')).pipe(restartingTimer(step, scheduler))).toBe('--#', {}, new Error('down'))
    })
  })

  test('error: a step that throws errors the output with that error, at that frame', () => {
    marbles(({ cold, expectObservable }, scheduler) => {
      const throwing = (v: string): TimerStep<string> => {
        if (v === 'b') throw new Error('bad step')
        return step(v)
      }
      expectObservable(cold('s-b---').pipe(restartingTimer(throwing, scheduler))).toBe('--#', {}, new Error('bad step'))
    })
  })

  test('behavior: unsubscribing drops the source subscription and the pending timer', () => {
    marbles(({ hot, expectObservable, expectSubscriptions }, scheduler) => {
      const source = hot('s-s---s')
      expectObservable(source.pipe(restartingTimer(step, scheduler)), '^--!').toBe('')
      expectSubscriptions(source.subscriptions).toBe('^--!')
    })
  })

  test('behavior: a zero delay on a synchronous scheduler emits at once, and the source completing then completes the output', () => {
    // queueScheduler runs a zero-delay action before `schedule` returns: that timer is already spent.
    const seen: string[] = []
    of('s').pipe(restartingTimer(() => ({ dueMs: 0, value: 'now' }), queueScheduler)).subscribe({ next: (v) => seen.push(v), complete: () => seen.push('done') })
    expect(seen).toEqual(['now', 'done'])
  })
})
