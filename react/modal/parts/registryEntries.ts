import type { ConnectorInfo } from '../../../core/actions/types.js'
import type { RegistryWallet } from '../../../core/registry/types.js'
import { selectVisibleConnectors } from '../../../core/slices/connectors/selectors.js'
import type { AirlockState } from '../../../core/state.js'

/** The registry is used only with a project id (SPEC 7) and wallets on; the epics are wired the same way. */
export function selectRegistryEnabled(state: AirlockState): boolean {
  return Boolean(state.options.projectId) && state.options.enableWallets
}

/** SPEC 2: the WalletConnect entry shows when it is on and there is a project id to pair with. */
export function selectShowWalletConnect(state: AirlockState): boolean {
  return Boolean(state.options.projectId) && state.options.enableWalletConnect && state.options.enableWallets
}

/** The installed browser wallet a registry entry stands for (same rdns), if any. */
export function installedConnectorFor(state: AirlockState, wallet: RegistryWallet): ConnectorInfo | undefined {
  if (!wallet.rdns) return undefined
  return selectVisibleConnectors(state).find((c) => c.installed && c.rdns === wallet.rdns)
}

/** Registry wallets minus the ones already listed as connectors (by rdns), and minus duplicates by id. */
export function withoutListed(wallets: readonly RegistryWallet[], listed: readonly ConnectorInfo[]): RegistryWallet[] {
  const rdns = new Set(listed.flatMap((c) => (c.rdns ? [c.rdns] : [])))
  const seen = new Set<string>()
  return wallets.filter((w) => {
    if ((w.rdns && rdns.has(w.rdns)) || seen.has(w.id)) return false
    seen.add(w.id)
    return true
  })
}

/** Identity equality for arrays of the same wallets (selectors return fresh arrays). */
export function sameWallets(a: readonly RegistryWallet[], b: readonly RegistryWallet[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i])
}
