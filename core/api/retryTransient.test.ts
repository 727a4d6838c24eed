import { defer, throwError } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { HttpError, HttpNetworkError, ResponseSchemaError } from './errors.js'
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
    expect([http(500), http(429), new HttpNetworkError({ method: 'GET', url: 'x', cause: null })].map(isTransientError)).toEqual([true, true, true])
    expect([http(404), new Error('x'), { code: 4001 }].map(isTransientError)).toEqual([false, false, false])
  })
})
