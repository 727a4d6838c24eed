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
