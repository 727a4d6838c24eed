import { selectActiveNetwork } from '../slices/network/selectors.js'
import type { AirlockState } from '../state.js'

/**
 * The CAIP-10 account of the active namespace on the active network, the key of its tokens and NFTs.
 * @example activeAccountKey(state) // 'eip155:1:0xabc…' or null
 */
export function activeAccountKey(state: AirlockState): string | null {
  const namespace = state.connection.activeNamespace
  const caipAddress = namespace ? state.connection.namespaces[namespace]?.caipAddress : null
  if (!caipAddress) return null
  const network = selectActiveNetwork(state)
  const address = caipAddress.split(':')[2]!
  return network.chainNamespace === namespace ? `${network.caipNetworkId}:${address}` : null
}
