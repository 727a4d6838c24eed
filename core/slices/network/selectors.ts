import type { Network } from '../../chains/types.js'
import type { AirlockState } from '../../state.js'

/** The active network as a full Network object (always one of the app's networks). */
export function selectActiveNetwork(state: AirlockState): Network {
  const id = state.connection.activeCaipNetworkId
  return state.options.networks.find((n) => n.caipNetworkId === id) ?? state.options.defaultNetwork
}

/** The app's networks of one namespace, or all. */
export function selectNetworks(state: AirlockState, namespace?: string): Network[] {
  return namespace ? state.options.networks.filter((n) => n.chainNamespace === namespace) : state.options.networks
}
