import { z } from 'zod'
import type { WalletConnectPeer } from '../../actions/walletConnect.js'
import { CHAIN_NAMESPACES, type CaipAddress, type ChainNamespace } from '../../chains/types.js'

const MAX_ACCOUNTS = 100
const caipAddress = z.string().max(200).regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/)
const sessionSchema = z.object({
  topic: z.string().min(1),
  namespaces: z.record(z.object({ accounts: z.array(caipAddress).max(MAX_ACCOUNTS) }).passthrough()),
  peer: z.object({ metadata: z.object({ name: z.unknown().optional(), url: z.unknown().optional() }).passthrough() }).passthrough(),
})

export interface ParsedSession {
  readonly topic: string
  readonly peer: WalletConnectPeer
  /** Accounts per chain family we know, as the wallet listed them. */
  readonly accounts: Partial<Record<ChainNamespace, CaipAddress[]>>
}

/**
 * Reads a WalletConnect session the wallet settled (outside data): CAIP-10 accounts per known
 * namespace, the peer's name (plain text, capped) and its https URL only. Malformed: undefined.
 * @example parseSession(provider.session)?.accounts.eip155 // ['eip155:1:0xabc…']
 */
export function parseSession(raw: unknown): ParsedSession | undefined {
  const parsed = sessionSchema.safeParse(raw)
  if (!parsed.success) return undefined
  const accounts: Partial<Record<ChainNamespace, CaipAddress[]>> = {}
  for (const [key, value] of Object.entries(parsed.data.namespaces)) {
    for (const account of value.accounts) {
      const namespace = account.split(':')[0] as ChainNamespace
      // A namespace key may be `eip155` or a chain (`eip155:1`); the account says which family.
      if (!CHAIN_NAMESPACES.includes(namespace) || !key.startsWith(namespace)) continue
      const list = (accounts[namespace] ??= [])
      if (!list.includes(account as CaipAddress)) list.push(account as CaipAddress)
    }
  }
  const { name, url } = parsed.data.peer.metadata
  const peerName = typeof name === 'string' && name.trim().length > 0 ? name.trim().slice(0, 64) : 'WalletConnect wallet'
  const peerUrl = typeof url === 'string' && /^https:\/\/[^\s]{1,200}$/.test(url) ? url : undefined
  return { topic: parsed.data.topic, peer: { name: peerName, ...(peerUrl ? { url: peerUrl } : {}) }, accounts }
}
