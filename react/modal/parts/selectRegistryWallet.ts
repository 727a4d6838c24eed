import type { Airlock } from '../../../core/createAirlock.js'
import type { RegistryWallet } from '../../../core/registry/types.js'
import { installedConnectorFor } from './registryEntries.js'
import { requestConnect } from './requestConnect.js'

/**
 * A click on a registry wallet: an installed one connects as a browser wallet; any other opens
 * ConnectingWalletConnect with `{ wallet }` (plain data: the view picks the deep link from it).
 * @example selectRegistryWallet(airlock, wallet)
 */
export function selectRegistryWallet(airlock: Airlock, wallet: RegistryWallet): void {
  const installed = installedConnectorFor(airlock.getState(), wallet)
  if (installed) return requestConnect(airlock, installed)
  airlock.dispatch({ type: 'registry/walletSelected', wallet })
  airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingWalletConnect', data: { wallet } })
}
