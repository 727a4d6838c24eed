import type { ConnectorInfo } from '../../actions/types.js'
import type { ConnectMethod } from '../../options/features.js'
import type { AirlockState } from '../../state.js'

/** SPEC 2: the order of connector groups in the Connect view. */
export const CONNECTOR_GROUP_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const

/** The id of the legacy `window.ethereum` connector and its generic name. */
export const LEGACY_INJECTED_ID = 'injected'
export const GENERIC_WALLET_NAME = 'Browser Wallet'

/**
 * Connectors to show: exclusion lists applied (by rdns or name, SPEC 6), the
 * generic browser wallet hidden on desktop unless installed, and the legacy
 * injected entry hidden once real EIP-6963 wallets have announced themselves
 * (it is one of them).
 */
export function selectVisibleConnectors(state: AirlockState): ConnectorInfo[] {
  const { excludeWallets, excludeWalletIds } = state.options
  const excluded = new Set([...excludeWallets, ...excludeWalletIds].map((v) => v.toLowerCase()))
  const list = state.connectors.list
  const hasAnnounced = list.some((c) => c.type === 'ANNOUNCED')
  return list.filter((c) => {
    if (excluded.has(c.id.toLowerCase()) || excluded.has(c.name.toLowerCase()) || (c.rdns && excluded.has(c.rdns.toLowerCase()))) return false
    if (c.id === LEGACY_INJECTED_ID) {
      if (hasAnnounced) return false
      if (!state.app.environment.isMobile && !c.installed) return false
    }
    return true
  })
}

/** True when some browser wallet is installed in this page. */
export function selectHasInstalledWallet(state: AirlockState): boolean {
  return selectVisibleConnectors(state).some((c) => c.installed && (c.type === 'ANNOUNCED' || c.type === 'INJECTED'))
}

/**
 * SPEC 2: email, social, wallet by default; wallet first when an installed
 * browser wallet is found. Methods that are switched off are left out.
 */
export function selectConnectMethodsOrder(state: AirlockState): ConnectMethod[] {
  const { features, enableWallets } = state.options
  const order: ConnectMethod[] = features.connectMethodsOrder ?? (selectHasInstalledWallet(state) ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet'])
  return order.filter((method) => (method === 'email' ? features.email : method === 'social' ? features.socials !== false : enableWallets))
}

/** The connector with this id, if discovered. */
export function selectConnector(state: AirlockState, id: string | null | undefined): ConnectorInfo | undefined {
  return id ? state.connectors.list.find((c) => c.id === id) : undefined
}
