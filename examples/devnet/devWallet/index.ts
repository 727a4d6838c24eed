import { DEV_WALLET_ICON } from './icon.js'
import { mountDevWalletPanel } from './panel.js'
import { createDevWallet, type DevChain, type DevWallet, type DevWalletProvider } from './provider.js'

export { createDevWallet, describeMessage, formatEther, ProviderRpcError, USER_REJECTED } from './provider.js'
export type { ConsentKind, DevChain, DevWallet, DevWalletOptions, DevWalletProvider, DevWalletSnapshot, DevWalletStorage, PendingApproval } from './provider.js'
export { mountDevWalletPanel, UNKNOWN_CHAIN_ID } from './panel.js'
export { DEV_WALLET_ICON } from './icon.js'

/** The first anvil dev account ("test test ... junk"); anvil keeps it unlocked. */
export const DEV_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const DEV_WALLET_RDNS = 'dev.airlock.wallet'
export const DEV_WALLET_NAME = 'Airlock Dev Wallet'

export interface EIP6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export interface InstalledDevWallet {
  readonly wallet: DevWallet
  readonly provider: DevWalletProvider
  readonly info: EIP6963ProviderInfo
  /** Announces again (also done on every `eip6963:requestProvider`). */
  announce(): void
  /** Removes the panel and the listeners; pending requests are rejected. */
  uninstall(): void
}

/**
 * Puts the dev wallet on the page: an EIP-1193 provider announced through
 * EIP-6963 (never written to `window.ethereum`, so a real extension keeps
 * working alongside) and its approval panel. 31337 is known at start; the
 * other configured chains answer 4902 until `wallet_addEthereumChain` adds them.
 * @example installDevWallet({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Airlock Devnet' }] })
 */
export function installDevWallet(options: {
  chains: readonly DevChain[]
  knownChainIds?: readonly number[]
  window?: Window
  panel?: boolean
}): InstalledDevWallet {
  const win = options.window ?? window
  let storage: Storage | undefined
  try {
    storage = win.localStorage
  } catch {
    storage = undefined
  }
  const wallet = createDevWallet({
    address: DEV_WALLET_ADDRESS,
    chains: options.chains,
    knownChainIds: options.knownChainIds ?? [options.chains[0]?.chainId ?? 31337],
    ...(storage ? { storage } : {}),
    fetch: win.fetch.bind(win),
  })
  const info: EIP6963ProviderInfo = Object.freeze({ uuid: uuidV4(win.crypto), name: DEV_WALLET_NAME, icon: DEV_WALLET_ICON, rdns: DEV_WALLET_RDNS })
  const detail = Object.freeze({ info, provider: wallet.provider })
  const announce = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  win.addEventListener('eip6963:requestProvider', announce)
  const unmount = options.panel === false ? () => {} : mountDevWalletPanel(wallet, win.document)
  announce()
  return {
    wallet,
    provider: wallet.provider,
    info,
    announce,
    uninstall() {
      win.removeEventListener('eip6963:requestProvider', announce)
      unmount()
      wallet.destroy()
    },
  }
}

/** A v4 UUID; `randomUUID` exists only in secure contexts (http://127.0.0.1 is one, a LAN address is not). */
function uuidV4(crypto: Crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
