import type { Page } from 'playwright-core'
import type { WalletAccount } from '@wallet-standard/base'
import type { SolanaTestWallet } from '../../examples/devnet/wallets/solanaTestWallet.js'

type WireAccount = { address: string; publicKey: number[]; chains: string[]; features: string[] }
const toWire = (account: WalletAccount): WireAccount => ({ address: account.address, publicKey: Array.from(account.publicKey), chains: [...account.chains], features: [...account.features] })

/**
 * Puts the Node Solana test wallet into the page the way browser wallets arrive: registered
 * through the Wallet Standard's window events (`wallet-standard:register-wallet`, and again on
 * `wallet-standard:app-ready`), so `@wallet-standard/app` in the page finds it. The page side is a
 * thin proxy whose feature calls cross to Node (`exposeFunction`), where the wallet signs with a
 * real key against the litesvm cluster; its `change` events cross back. Survives reloads.
 */
export async function injectSolanaWallet(page: Page, wallet: SolanaTestWallet): Promise<void> {
  const features = wallet.features as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>
  const account = (address: string) => {
    const found = wallet.accounts.find((a) => a.address === address)
    if (!found) throw new Error('Account not connected')
    return found
  }
  await page.exposeFunction('__airlockSolanaCall', async (name: string, input: Record<string, unknown>) => {
    try {
      switch (name) {
        case 'connect': {
          const { accounts } = (await features['standard:connect']!.connect!(input)) as { accounts: WalletAccount[] }
          return { result: accounts.map(toWire) }
        }
        case 'disconnect':
          await features['standard:disconnect']!.disconnect!()
          return { result: null }
        case 'signMessage': {
          const [out] = (await features['solana:signMessage']!.signMessage!({ account: account(input.address as string), message: Uint8Array.from(input.message as number[]) })) as { signature: Uint8Array }[]
          return { result: { signature: Array.from(out!.signature) } }
        }
        case 'signTransaction':
        case 'signAndSendTransaction': {
          const call = { account: account(input.address as string), transaction: Uint8Array.from(input.transaction as number[]), ...(input.chain ? { chain: input.chain } : {}) }
          const [out] = (await features[`solana:${name}`]![name]!(call)) as { signedTransaction?: Uint8Array; signature?: Uint8Array }[]
          return { result: { signedTransaction: out?.signedTransaction && Array.from(out.signedTransaction), signature: out?.signature && Array.from(out.signature) } }
        }
        default:
          return { error: { code: 4200, message: `unknown ${name}` } }
      }
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string }
      return { error: { code: code ?? -32603, message: message ?? 'failed' } }
    }
  })
  ;(features['standard:events']!.on as unknown as (event: string, cb: (change: { accounts: readonly WalletAccount[] }) => void) => void)('change', ({ accounts }) => {
    void page.evaluate((wire) => (window as unknown as { __airlockSolanaEmit?: (a: unknown) => void }).__airlockSolanaEmit?.(wire), accounts.map(toWire)).catch(() => {})
  })
  await page.addInitScript(
    ({ name, icon, chains }) => {
      type Envelope = { result?: unknown; error?: { code: number; message: string } }
      const call = (feature: string, input: unknown) =>
        (window as unknown as { __airlockSolanaCall: (f: string, i: unknown) => Promise<Envelope> }).__airlockSolanaCall(feature, input).then((envelope) => {
          if (envelope.error) throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code })
          return envelope.result
        })
      type Wire = { address: string; publicKey: number[]; chains: string[]; features: string[] }
      let accounts: readonly object[] = []
      const listeners = new Set<(change: { accounts: readonly object[] }) => void>()
      const fromWire = (list: Wire[]) => list.map((a) => Object.freeze({ ...a, publicKey: Uint8Array.from(a.publicKey) }))
      ;(window as unknown as { __airlockSolanaEmit: (list: Wire[]) => void }).__airlockSolanaEmit = (list) => {
        accounts = fromWire(list)
        for (const listener of [...listeners]) listener({ accounts })
      }
      const bytes = (value: unknown) => Uint8Array.from(value as number[])
      const wallet = {
        version: '1.0.0',
        name,
        icon,
        chains,
        get accounts() {
          return accounts
        },
        features: {
          'standard:connect': { version: '1.0.0', connect: async (input?: { silent?: boolean }) => ({ accounts: (accounts = fromWire((await call('connect', input ?? {})) as Wire[])) }) },
          'standard:disconnect': { version: '1.0.0', disconnect: async () => void (await call('disconnect', {})) },
          'standard:events': { version: '1.0.0', on: (_event: string, listener: (change: { accounts: readonly object[] }) => void) => (listeners.add(listener), () => void listeners.delete(listener)) },
          'solana:signMessage': {
            version: '1.1.0',
            signMessage: async (input: { account: { address: string }; message: Uint8Array }) => {
              const out = (await call('signMessage', { address: input.account.address, message: Array.from(input.message) })) as { signature: number[] }
              return [{ signedMessage: input.message, signature: bytes(out.signature) }]
            },
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signTransaction: async (input: { account: { address: string }; transaction: Uint8Array; chain?: string }) => {
              const out = (await call('signTransaction', { address: input.account.address, transaction: Array.from(input.transaction), chain: input.chain })) as { signedTransaction: number[] }
              return [{ signedTransaction: bytes(out.signedTransaction) }]
            },
          },
          'solana:signAndSendTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signAndSendTransaction: async (input: { account: { address: string }; transaction: Uint8Array; chain?: string }) => {
              const out = (await call('signAndSendTransaction', { address: input.account.address, transaction: Array.from(input.transaction), chain: input.chain })) as { signature: number[] }
              return [{ signature: bytes(out.signature) }]
            },
          },
        },
      }
      // The Wallet Standard registration handshake, as @wallet-standard/wallet's registerWallet does it.
      const callback = ({ register }: { register: (w: unknown) => void }) => register(wallet)
      window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: callback }))
    },
    { name: wallet.name, icon: wallet.icon, chains: [...wallet.chains] },
  )
}
