import type { Action } from '../actions/types.js'
import type { ChainNamespace } from '../chains/types.js'
import { BaseError, toErrorInfo } from '../errors/BaseError.js'
import type { Eip1193Provider } from './providerRegistry.js'

/**
 * The provider a host gets from `getProvider()`: the wallet's own provider,
 * with each request recorded as actions (method only, never the payload) and
 * unlisted methods refused (SPEC 3, SPEC 8 "Requested RPC call is not allowed").
 * @example await airlock.getProvider('eip155')?.request({ method: 'personal_sign', params: [msg, address] })
 */
export function wrapProvider(params: {
  provider: Eip1193Provider
  namespace: ChainNamespace
  dispatch: (action: Action) => void
  id: () => string
}): Eip1193Provider {
  const { provider, namespace, dispatch, id } = params
  return {
    async request(args) {
      const requestId = id()
      const method = typeof args?.method === 'string' ? args.method : ''
      dispatch({ type: 'wallet/requestSent', id: requestId, namespace, method })
      // The method lists load with the first request, not with the page (issue 12).
      const effects = await import('../startupEffects.js')
      if (!effects.isAllowedRpcMethod(method)) {
        const error = new BaseError(effects.RPC_NOT_ALLOWED_MESSAGE, { code: 4200, details: `method: ${method.slice(0, 64)}` })
        dispatch({ type: 'wallet/requestFailed', id: requestId, method, error: error.toJSON() })
        throw error
      }
      try {
        const result = await provider.request(args)
        dispatch(effects.requestSucceeded(requestId, method, result))
        return result
      } catch (error) {
        dispatch({ type: 'wallet/requestFailed', id: requestId, method, error: toErrorInfo(error, 'Request failed') })
        // The wallet's own error (with its code, e.g. 4001) goes back to the caller unchanged.
        throw error
      }
    },
    on: (event, listener) => provider.on?.(event, listener),
    removeListener: (event, listener) => provider.removeListener?.(event, listener),
  }
}
