import type { Eip1193Provider } from './providerRegistry.js'
import type { RecordedProviderParams } from './recordedRequest.js'

/**
 * The provider a host gets from `getProvider()`: the wallet's own provider, with each request
 * recorded as actions and unlisted methods refused (core/connectors/recordedRequest.ts, which
 * loads with the first request: issue 12). Events pass straight through.
 * @example await airlock.getProvider('eip155')?.request({ method: 'personal_sign', params: [msg, address] })
 */
export function wrapProvider(params: RecordedProviderParams): Eip1193Provider {
  const { provider } = params
  return {
    request: (args) => import('../startupEffects.js').then((effects) => effects.recordedRequest(params, args)),
    on: (event, listener) => provider.on?.(event, listener),
    removeListener: (event, listener) => provider.removeListener?.(event, listener),
  }
}
