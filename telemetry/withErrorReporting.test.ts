import { describe, expect, test, vi } from 'vitest'
import type { Action } from '../core/actions/types.js'
import { BaseError } from '../core/errors/BaseError.js'
import { withErrorReporting } from './withErrorReporting.js'

describe('withErrorReporting', () => {
  test('default: a success passes through untouched, nothing is reported', async () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const add = withErrorReporting(dispatch, 'Add', (a: number, b: number) => a + b)
    expect(add(1, 2)).toBe(3)
    const fetchName = withErrorReporting(dispatch, 'Name', async (id: string) => `name-${id}`)
    await expect(fetchName('7')).resolves.toBe('name-7')
    expect(dispatch).not.toHaveBeenCalled()
  })

  test('behavior: a sync throw is reported with message and stack, then rethrown as is', () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const error = new BaseError('Adapter not found', { code: 'E_ADAPTER' })
    const fn = withErrorReporting(dispatch, 'AdapterError', () => {
      throw error
    })
    let thrown: unknown
    try {
      fn()
    } catch (caught) {
      thrown = caught
    }
    expect(thrown).toBe(error)
    expect(dispatch).toHaveBeenCalledExactlyOnceWith({
      type: 'telemetry/errorCaptured',
      errorType: 'AdapterError',
      error: { message: 'Adapter not found', code: 'E_ADAPTER', stack: error.stack },
    })
  })

  test('behavior: an async rejection is reported, then the same error rejects', async () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const error = new Error('Sign Client not initialized')
    const fn = withErrorReporting(dispatch, 'SignError', async () => {
      throw error
    })
    const result = fn()
    expect(dispatch).not.toHaveBeenCalled()
    await expect(result).rejects.toBe(error)
    expect(dispatch).toHaveBeenCalledExactlyOnceWith({ type: 'telemetry/errorCaptured', errorType: 'SignError', error: { message: 'Sign Client not initialized', stack: error.stack } })
  })

  test('behavior: non-Error throws are reported as plain messages', () => {
    const dispatch = vi.fn<(action: Action) => void>()
    expect(() =>
      withErrorReporting(dispatch, 'Odd', () => {
        throw 'nope'
      })(),
    ).toThrow('nope')
    expect(dispatch).toHaveBeenCalledWith({ type: 'telemetry/errorCaptured', errorType: 'Odd', error: { message: 'nope' } })
  })

  test('edge: a throw of null and a rejection without a reason are reported with the fallback message and rethrown as they were', async () => {
    const dispatch = vi.fn<(action: Action) => void>()
    let thrown: unknown = 'not thrown'
    try {
      withErrorReporting(dispatch, 'Null', () => {
        throw null
      })()
    } catch (caught) {
      thrown = caught
    }
    expect(thrown).toBeNull()
    // `reject()` with no argument, as many callback-style wrappers do.
    const rejected = withErrorReporting(dispatch, 'NoReason', () => Promise.reject(undefined))()
    await expect(rejected).rejects.toBeUndefined()
    expect(dispatch.mock.calls).toEqual([
      [{ type: 'telemetry/errorCaptured', errorType: 'Null', error: { message: 'Something went wrong' } }],
      [{ type: 'telemetry/errorCaptured', errorType: 'NoReason', error: { message: 'Something went wrong' } }],
    ])
  })

  test("edge: only an Error's own string stack is sent: not a plain object's stack, not a stack that is not text", async () => {
    const dispatch = vi.fn<(action: Action) => void>()
    // EIP-1193 wallets reject with plain objects; one carrying a serialized stack is still not an Error.
    const rpcError = { code: 4001, message: 'User rejected the request.', stack: 'Error: at inpage.js:1:1' }
    await expect(withErrorReporting(dispatch, 'Sign', () => Promise.reject(rpcError))()).rejects.toBe(rpcError)
    const odd = new Error('odd stack')
    Object.defineProperty(odd, 'stack', { value: ['at f (a.js:1:1)'] })
    expect(
      withErrorReporting(dispatch, 'Odd', () => {
        throw odd
      }),
    ).toThrow(odd)
    expect(dispatch.mock.calls).toEqual([
      [{ type: 'telemetry/errorCaptured', errorType: 'Sign', error: { message: 'User rejected the request.', code: 4001 } }],
      [{ type: 'telemetry/errorCaptured', errorType: 'Odd', error: { message: 'odd stack' } }],
    ])
  })

  test('edge: results that are not promises come back as they are, unreported: undefined, null, objects and functions without then', () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const config = { chainId: 1 }
    const unsubscribe = () => {}
    expect(withErrorReporting(dispatch, 'Void', () => undefined)()).toBeUndefined()
    expect(withErrorReporting(dispatch, 'Null', () => null)()).toBeNull()
    expect(withErrorReporting(dispatch, 'Object', () => config)()).toBe(config)
    expect(withErrorReporting(dispatch, 'Function', () => unsubscribe)()).toBe(unsubscribe)
    expect(dispatch).not.toHaveBeenCalled()
  })

  test('edge: a thenable that is a function is followed like a promise: its rejection is reported and rejects the result', async () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const error = new Error('query failed')
    // A callable thenable (a lazy query builder, say): `then` runs it.
    const query = Object.assign(() => 'run', {
      then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => Promise.reject(error).then(onFulfilled, onRejected),
    })
    const result = withErrorReporting(dispatch, 'Query', () => query)()
    expect(result).not.toBe(query)
    await expect(result).rejects.toBe(error)
    expect(dispatch).toHaveBeenCalledExactlyOnceWith({ type: 'telemetry/errorCaptured', errorType: 'Query', error: { message: 'query failed', stack: error.stack } })
  })

  test('behavior: a failing dispatch never replaces the original error', () => {
    const error = new Error('original')
    const fn = withErrorReporting(
      () => {
        throw new Error('store destroyed')
      },
      'X',
      () => {
        throw error
      },
    )
    expect(fn).toThrow(error)
  })

  test('parameters: this and arguments are forwarded', () => {
    const dispatch = vi.fn<(action: Action) => void>()
    const counter = {
      step: 2,
      next: withErrorReporting(dispatch, 'Counter', function (this: { step: number }, from: number) {
        return from + this.step
      }),
    }
    expect(counter.next(5)).toBe(7)
  })
})
