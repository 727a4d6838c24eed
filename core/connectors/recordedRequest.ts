import type { Action } from '../actions/types.js'
import type { ChainNamespace } from '../chains/types.js'
import { isAllowedRpcMethod, RPC_NOT_ALLOWED_MESSAGE } from '../chains/evm/rpcMethods.js'
import { BaseError, toErrorInfo } from '../errors/BaseError.js'
import type { Eip1193Provider } from './providerRegistry.js'
import { requestSucceeded } from './requestSucceeded.js'

/** What `wrapProvider` wraps: the wallet's provider and where its requests are recorded. */
export interface RecordedProviderParams {
  provider: Eip1193Provider
  namespace: ChainNamespace
  dispatch: (action: Action) => void
  id: () => string
}

/**
 * One request through `getProvider()`'s provider: recorded as actions (method only, never the
 * payload), refused when the method is not listed (SPEC 3, SPEC 8 "Requested RPC call is not
 * allowed"), else the wallet's answer or its own error, unchanged. Loaded with the first request,
 * not with the page (issue 12: the method lists and this code stay out of the page's first file).
 * @example await recordedRequest({ provider, namespace: 'eip155', dispatch, id }, { method: 'eth_chainId' })
 */
export async function recordedRequest(params: RecordedProviderParams, args: Parameters<Eip1193Provider['request']>[0]): Promise<unknown> {
  const { provider, namespace, dispatch, id } = params
  const requestId = id()
  const method = typeof args?.method === 'string' ? args.method : ''
  dispatch({ type: 'wallet/requestSent', id: requestId, namespace, method })
  if (!isAllowedRpcMethod(method)) {
    const error = new BaseError(RPC_NOT_ALLOWED_MESSAGE, { code: 4200, details: `method: ${method.slice(0, 64)}` })
    dispatch({ type: 'wallet/requestFailed', id: requestId, method, error: error.toJSON() })
    throw error
  }
  try {
    const result = await provider.request(args)
    dispatch(requestSucceeded(requestId, method, result))
    return result
  } catch (error) {
    dispatch({ type: 'wallet/requestFailed', id: requestId, method, error: toErrorInfo(error, 'Request failed') })
    // The wallet's own error (with its code, e.g. 4001) goes back to the caller unchanged.
    throw error
  }
}
