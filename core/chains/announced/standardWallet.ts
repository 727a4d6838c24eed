import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'

/**
 * The parts of a Wallet Standard wallet Airlock touches, typed loosely on purpose: a wallet is
 * outside input, so every feature is looked up and every answer parsed before use.
 */
export interface StandardWalletLike {
  readonly name: string
  readonly icon?: string
  readonly chains: readonly string[]
  readonly accounts: readonly unknown[]
  readonly features: Readonly<Record<string, unknown>>
}

/** EIP-1193's "Unsupported Method": what a missing feature answers. */
export const UNSUPPORTED_METHOD_CODE = 4200

/**
 * A feature's method, bound to its feature object; a wallet without it answers 4200.
 * @example await featureMethod<(input: unknown) => Promise<unknown>>(wallet, 'standard:connect', 'connect')()
 */
export function featureMethod<T>(wallet: StandardWalletLike, name: string, method: string): T {
  const value = wallet.features[name] as Record<string, unknown> | undefined
  if (!value || typeof value[method] !== 'function') throw new BaseError(`The wallet does not support ${name}`, { code: UNSUPPORTED_METHOD_CODE })
  return (value[method] as (...args: unknown[]) => unknown).bind(value) as T
}

/** The wallet's account object for an address (features take the object, not the string); no address: the first. */
export function accountObject(wallet: StandardWalletLike, address?: string): unknown {
  const found = wallet.accounts.find((a) => (a as { address?: unknown }).address === address) ?? (address === undefined ? wallet.accounts[0] : undefined)
  if (!found) throw new BaseError('Account not connected', { code: 4100 })
  return found
}

/** `standard:disconnect` when the wallet has it (a wallet without it simply forgets nothing). */
export async function standardDisconnect(wallet: StandardWalletLike): Promise<null> {
  const feature = wallet.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined
  if (feature?.disconnect) await feature.disconnect.call(feature)
  return null
}

/**
 * `on('accountsChanged')` / `removeListener` over `standard:events`: each change's accounts go
 * through `addresses` (which parses them and may throw); a malformed change is dropped, as EVM
 * wallets' malformed events are.
 */
export function standardAccountEvents(wallet: StandardWalletLike, addresses: (accounts: unknown) => string[]): Pick<Eip1193Provider, 'on' | 'removeListener'> {
  const listeners = new Map<(...args: unknown[]) => void, () => void>()
  return {
    on(event, listener) {
      if (event !== 'accountsChanged' || listeners.has(listener)) return
      const on = (wallet.features['standard:events'] as { on?: (event: string, cb: (change: { accounts?: unknown }) => void) => () => void } | undefined)?.on
      if (!on) return
      const off = on.call(wallet.features['standard:events'], 'change', (change) => {
        if (!change || !('accounts' in change)) return
        try {
          listener(addresses(change.accounts))
        } catch {
          // Dropped: see above.
        }
      })
      listeners.set(listener, off)
    },
    removeListener(_event, listener) {
      listeners.get(listener)?.()
      listeners.delete(listener)
    },
  }
}

/** Base64 of bytes, without Node's Buffer (browsers). */
export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

/** Bytes of base64, or null when it is not base64. */
export function fromBase64(value: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}
