import type { View } from '../../../core/actions/views.js'
import type { WalletFeature } from '../../../core/options/features.js'
import type { AirlockState } from '../../../core/state.js'
import { availableOnrampProviders } from '../../../core/onramp/onrampProviders.js'
import { onrampRestricted } from '../../../core/onramp/onrampSession.js'

export interface WalletFeatureEntry {
  readonly id: WalletFeature
  readonly label: string
  readonly view: View
}

/**
 * The wallet features with a view, by feature.
 */
const FEATURE_VIEWS: Partial<Record<WalletFeature, WalletFeatureEntry>> = {
  onramp: { id: 'onramp', label: 'Buy', view: 'OnRampProviders' },
  swaps: { id: 'swaps', label: 'Swap', view: 'Swap' },
  receive: { id: 'receive', label: 'Receive', view: 'Receive' },
  send: { id: 'send', label: 'Send', view: 'Send' },
}

/**
 * The Account view's wallet features row (SPEC 2): `walletFeaturesOrder` (default onramp, swaps,
 * receive, send), each only when its feature is on and its view exists.
 * @example selectWalletFeatures(state).map((f) => f.id) // ['receive']
 */
export function selectWalletFeatures(state: AirlockState): WalletFeatureEntry[] {
  const { features } = state.options
  return features.walletFeaturesOrder.flatMap((id) => {
    const entry = FEATURE_VIEWS[id]
    const on = id === 'receive' || id === 'send' ? features[id] : Array.isArray(features[id]) ? features[id].length > 0 : false
    // Send speaks EVM (native and ERC-20) and Solana (SOL), as SPEC lists; Bitcoin accounts do not see it.
    if (id === 'send' && state.connection.activeNamespace !== 'eip155' && state.connection.activeNamespace !== 'solana') return []
    // Swaps are EVM only (SPEC 9); on an EVM network without them the view says 'Network not supported for Swaps'.
    if (id === 'swaps' && state.connection.activeNamespace !== 'eip155') return []
    // Buying: when a provider sells to this chain family (the card provider on EVM; the aggregator, with the site's key, on EVM and Solana), never in the restricted time zones.
    if (id === 'onramp' && (availableOnrampProviders(state).length === 0 || onrampRestricted())) return []
    // The same entry objects every time, so a shallow comparison of the list holds between renders.
    return entry && on ? [entry] : []
  })
}
