import { registerWallet } from '@wallet-standard/wallet'
import type { IdentifierString } from '@wallet-standard/base'
import { createBitcoinTestWallet } from './bitcoinTestWallet.js'
import { DEV_BITCOIN_SEED, devSolanaKeypair } from './devChainKeys.js'
import { createSolanaTestWallet } from './solanaTestWallet.js'
import { mountApprovalPanel, type ApprovalQueue } from './approvalPanel.js'

export const DEV_SOLANA_WALLET_NAME = 'Airlock Dev Solana'
export const DEV_BITCOIN_WALLET_NAME = 'Airlock Dev Bitcoin'
/** Where sats-connect finds the dev Bitcoin wallet on `window` (named in `window.btc_providers`). */
const BITCOIN_PROVIDER_PATH = 'AirlockDevBitcoin.BitcoinProvider'
const BITCOIN_ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIHJ4PSIyIiBmaWxsPSIjRjc5MzFBIi8+PC9zdmc+'

/** A flag in localStorage (the site's permission), ignored when storage is unusable. */
function remembered(storage: Storage | undefined, key: string): { get(): boolean; set(value: boolean): void } {
  return {
    get: () => {
      try {
        return storage?.getItem(key) === '1'
      } catch {
        return false
      }
    },
    set: (value) => {
      try {
        if (value) storage?.setItem(key, '1')
        else storage?.removeItem(key)
      } catch {
        // private mode: the permission lasts for this page only
      }
    },
  }
}

/**
 * Puts the dev stack's Solana and Bitcoin wallets into the demo page the way real ones arrive: the
 * Solana one registered through the Wallet Standard, the Bitcoin one named in
 * `window.btc_providers` (sats-connect). Both ask the person through one Approve/Reject panel,
 * keep the site's permission in localStorage (so a reload reconnects silently), and use the fixed
 * dev keys the stack funds at start (devChainKeys.ts).
 * @returns a function that removes the panel
 * @example installChainDevWallets({ solanaRpcUrl: 'http://127.0.0.1:8899', bitcoinApiUrl: 'http://127.0.0.1:8790' })
 */
export function installChainDevWallets(options: { solanaRpcUrl?: string; solanaChain?: string; bitcoinApiUrl?: string; win?: Window }): () => void {
  const win = options.win ?? window
  const queue: ApprovalQueue = mountApprovalPanel(win.document)
  let storage: Storage | undefined
  try {
    storage = win.localStorage
  } catch {
    storage = undefined
  }
  const lines: string[] = []
  if (options.solanaRpcUrl && options.solanaChain) {
    const wallet = createSolanaTestWallet({
      name: DEV_SOLANA_WALLET_NAME,
      keypair: devSolanaKeypair(),
      rpcUrls: { [options.solanaChain as IdentifierString]: options.solanaRpcUrl },
      remember: remembered(storage, 'airlock-dev-solana:permitted'),
      approve: (request) =>
        queue.ask(
          request.kind === 'connect' ? `${DEV_SOLANA_WALLET_NAME}: connect to ${win.location.host}` : request.kind === 'signMessage' ? `${DEV_SOLANA_WALLET_NAME}: sign a message` : `${DEV_SOLANA_WALLET_NAME}: ${request.kind === 'signTransaction' ? 'sign' : 'sign and send'} a transaction`,
          request.kind === 'signMessage' ? [new TextDecoder().decode(request.message)] : request.kind === 'connect' ? [] : [`${request.transaction.length} bytes on ${request.chain}`],
        ),
    })
    // Registered as Phantom and Solflare do it; the page's wallet list finds it in the Wallet Standard registry.
    registerWallet(wallet)
    lines.push(`Solana: ${wallet.keypair.publicKey.toBase58()}`)
  }
  if (options.bitcoinApiUrl) {
    const wallet = createBitcoinTestWallet({
      apiUrl: options.bitcoinApiUrl,
      seed: DEV_BITCOIN_SEED,
      remember: remembered(storage, 'airlock-dev-bitcoin:permitted'),
      approve: (method, params) => queue.ask(`${DEV_BITCOIN_WALLET_NAME}: ${method}`, describeBitcoin(method, params)),
    })
    const [root, leaf] = BITCOIN_PROVIDER_PATH.split('.') as [string, string]
    Object.assign(win, { [root]: { [leaf]: wallet } })
    const list = (win as unknown as { btc_providers?: unknown[] }).btc_providers
    const entry = { id: BITCOIN_PROVIDER_PATH, name: DEV_BITCOIN_WALLET_NAME, icon: BITCOIN_ICON, webUrl: win.location.origin }
    ;(win as unknown as { btc_providers: unknown[] }).btc_providers = Array.isArray(list) ? [...list, entry] : [entry]
    lines.push(`Bitcoin: ${wallet.payment.address}`)
  }
  queue.setStatus(lines)
  return queue.remove
}

/** What the Bitcoin panel shows for a request: plain text, shortened. */
function describeBitcoin(method: string, params: unknown): string[] {
  const p = (params ?? {}) as { message?: unknown; recipients?: unknown; psbt?: unknown; broadcast?: unknown }
  if (method === 'signMessage' && typeof p.message === 'string') return [p.message.slice(0, 300)]
  if (method === 'sendTransfer' && Array.isArray(p.recipients)) return p.recipients.map((r: { address?: unknown; amount?: unknown }) => `${String(r.amount)} sats to ${String(r.address)}`)
  if (method === 'signPsbt') return [`a PSBT (${typeof p.psbt === 'string' ? p.psbt.length : 0} base64 characters)${p.broadcast === true ? ', then broadcast' : ''}`]
  return []
}
