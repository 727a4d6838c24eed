import type { CaipAddress, ChainNamespace } from '../../chains/types.js'
import type { AirlockState, NamespaceConnection } from '../../state.js'

/** The connection of one namespace (or the active one). */
export function selectNamespaceConnection(state: AirlockState, namespace?: ChainNamespace): NamespaceConnection | undefined {
  const ns = namespace ?? state.connection.activeNamespace
  return ns ? state.connection.namespaces[ns] : undefined
}

/** True only when the wallet itself confirmed the account: never on a cached address alone. */
export function selectIsConnected(state: AirlockState, namespace?: ChainNamespace): boolean {
  return selectNamespaceConnection(state, namespace)?.status === 'connected'
}

/** The active CAIP address, shown only once connected. */
export function selectCaipAddress(state: AirlockState, namespace?: ChainNamespace): CaipAddress | undefined {
  const connection = selectNamespaceConnection(state, namespace)
  return connection?.status === 'connected' && connection.caipAddress ? connection.caipAddress : undefined
}
