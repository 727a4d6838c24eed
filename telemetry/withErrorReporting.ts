import type { Action } from '../core/actions/types.js'
import { toErrorInfo } from '../core/errors/BaseError.js'

/**
 * Wraps `fn` so a throw or rejection is dispatched as `telemetry/errorCaptured` and then rethrown unchanged (SPEC 8).
 * @example const connect = withErrorReporting(store.dispatch, 'ConnectError', adapter.connect)
 */
export function withErrorReporting<This, Args extends unknown[], R>(
  dispatch: (action: Action) => void,
  errorType: string,
  fn: (this: This, ...args: Args) => R,
): (this: This, ...args: Args) => R {
  const report = (error: unknown): void => {
    const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined
    try {
      dispatch({ type: 'telemetry/errorCaptured', errorType, error: { ...toErrorInfo(error), ...(stack ? { stack } : {}) } })
    } catch {
      // Reporting must never replace the caller's error with its own.
    }
  }
  return function (this: This, ...args: Args): R {
    let result: R
    try {
      result = fn.apply(this, args)
    } catch (error) {
      report(error)
      throw error
    }
    if (isThenable(result)) {
      // The returned promise settles like the original; only a rejection is observed on the way.
      return result.then(undefined, (error: unknown) => {
        report(error)
        throw error
      }) as R
    }
    return result
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
}
