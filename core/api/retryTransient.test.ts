import { defer, throwError } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { HttpError, HttpNetworkError, HttpTimeoutError, ResponseSchemaError } from './errors.js'
import { isTransientError, retryTransient } from './retryTransient.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const http = (status: number, retryAfter?: number) => new HttpError(status, { method: 'GET', url: 'http://x/', ...(retryAfter ? { retryAfter } : {}) })

describe('retryTransient', () => {
  test('default: a 500 is retried twice with growing delays, then fails', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const error = http(500)
      const source = cold('-#', undefined, error)
      expectObservable(source.pipe(retryTransient({ scheduler }))).toBe('- 1000ms - 2000ms -#', undefined, error)
      expectSubscriptions(source.subscriptions).toBe(['^!', '- 1000ms ^!', '- 1000ms - 2000ms ^!'])
    })
  })

  test('behavior: success after a retry passes the value', () => {
    const scheduler = newScheduler()
    scheduler.run(({ expectObservable }) => {
      let attempt = 0
      const source = defer(() => (attempt++ === 0 ? throwError(() => http(429)) : ['ok']))
      expectObservable(source.pipe(retryTransient({ scheduler, delayMs: 10 }))).toBe('10ms (o|)', { o: 'ok' })
    })
  })

  test('behavior: Retry-After wins when it is longer', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const error = http(429, 5)
      expectObservable(cold('#', undefined, error).pipe(retryTransient({ scheduler, count: 1 }))).toBe('5000ms #', undefined, error)
    })
  })

  test('behavior: a 4xx or a bad body is never retried', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const error = http(403)
      const source = cold('-#', undefined, error)
      expectObservable(source.pipe(retryTransient({ scheduler }))).toBe('-#', undefined, error)
      expectSubscriptions(source.subscriptions).toBe('^!')
      const schemaError = new ResponseSchemaError({ method: 'GET', url: 'http://x/', issues: [] })
      expectObservable(cold('#', undefined, schemaError).pipe(retryTransient({ scheduler }))).toBe('#', undefined, schemaError)
    })
  })

  test('behavior: unsubscribing during the wait cancels the retry', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-#', undefined, http(503))
      expectObservable(source.pipe(retryTransient({ scheduler })), '^ 500ms !').toBe('')
      expectSubscriptions(source.subscriptions).toBe('^!')
    })
  })

  test('behavior: empty and never sources pass through', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(cold('|').pipe(retryTransient({ scheduler }))).toBe('|')
      expectObservable(cold('-').pipe(retryTransient({ scheduler }))).toBe('')
    })
  })

  test('isTransientError', () => {
    expect(isTransientError(new HttpTimeoutError({ method: 'GET', url: 'x', timeoutMs: 1 }))).toBe(true)
    expect([http(500), http(429), new HttpNetworkError({ method: 'GET', url: 'x', cause: null })].map(isTransientError)).toEqual([true, true, true])
    expect([http(404), new Error('x'), { code: 4001 }].map(isTransientError)).toEqual([false, false, false])
  })
})

describe('retryTransient: withinMs (one budget for a request and its retries)', () => {
  const budget = { withinMs: 10_000 }
  const budgetSpent = new HttpTimeoutError({ timeoutMs: 10_000 })

  test('behavior: a hang fails with "Request timed out" when the budget runs out, and the attempt is dropped (aborted)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-')
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget }))).toBe('10s #', undefined, budgetSpent)
      expectSubscriptions(source.subscriptions).toBe('^ 9999ms !')
    })
  })

  test('behavior: a timed-out attempt is not tried again', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const timedOut = new HttpTimeoutError({ method: 'GET', url: 'http://x/', timeoutMs: 4_000 })
      const source = cold('4s #', undefined, timedOut)
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget }))).toBe('4s #', undefined, timedOut)
      expectSubscriptions(source.subscriptions).toBe('^ 3999ms !')
    })
  })

  test('behavior: quick failures keep their two retries, as without a budget', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const error = http(500)
      const source = cold('-#', undefined, error)
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget }))).toBe('- 1000ms - 2000ms -#', undefined, error)
      expectSubscriptions(source.subscriptions).toBe(['^!', '- 1000ms ^!', '- 1000ms - 2000ms ^!'])
    })
  })

  test('behavior: a retry that would start past the budget is not made; the last error is reported at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const error = http(502)
      // Fails at 4 s, retried at 5 s, fails at 9 s: the next try (at 11 s) is past the budget.
      const source = cold('4s #', undefined, error)
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget }))).toBe('9s #', undefined, error)
      expectSubscriptions(source.subscriptions).toBe(['^ 3999ms !', '5s ^ 3999ms !'])
      // A Retry-After hint past the budget: no wait that cannot end in time.
      const hinted = http(429, 30)
      expectObservable(cold('#', undefined, hinted).pipe(retryTransient({ scheduler, ...budget }))).toBe('#', undefined, hinted)
    })
  })

  test('behavior: slow failures never add up past the budget: the attempt in flight is cut at 10 s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      // Fails at 3 s, retried at 4 s, fails at 7 s, retried at 9 s: cut at 10 s.
      const source = cold('3s #', undefined, http(503))
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget }))).toBe('10s #', undefined, budgetSpent)
      expectSubscriptions(source.subscriptions).toBe(['^ 2999ms !', '4s ^ 2999ms !', '9s ^ 999ms !'])
    })
  })

  test('behavior: an answer in time passes; unsubscribing first cancels attempt and deadline alike', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(cold('9s (o|)', { o: 'ok' }).pipe(retryTransient({ scheduler, ...budget }))).toBe('9s (o|)', { o: 'ok' })
      const source = cold('-')
      expectObservable(source.pipe(retryTransient({ scheduler, ...budget })), '^ 500ms !').toBe('')
      expectSubscriptions(source.subscriptions).toBe('^ 500ms !')
    })
  })

  test('behavior: empty and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(cold('|').pipe(retryTransient({ scheduler, ...budget }))).toBe('|')
      const schemaError = new ResponseSchemaError({ method: 'GET', url: 'http://x/', issues: [] })
      expectObservable(cold('#', undefined, schemaError).pipe(retryTransient({ scheduler, ...budget }))).toBe('#', undefined, schemaError)
    })
  })
})
