import { z } from 'zod'
import type { WalletConnectPeer } from '../../actions/walletConnect.js'
import { CHAIN_NAMESPACES, type CaipAddress, type ChainNamespace } from '../../chains/types.js'

const MAX_ACCOUNTS = 100
const caipAddress = z.string().max(200).regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/)
const sessionSchema = z.object({
  topic: z.string().min(1),
  namespaces: z.record(z.object({ accounts: z.array(caipAddress).max(MAX_ACCOUNTS) }).passthrough()),
  peer: z.object({ metadata: z.object({ name: z.unknown().optional(), url: z.unknown().optional(), icons: z.unknown().optional() }).passthrough() }).passthrough(),
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
  const { name, url, icons } = parsed.data.peer.metadata
  const peerName = typeof name === 'string' && name.trim().length > 0 ? name.trim().slice(0, 64) : 'WalletConnect wallet'
  const peerUrl = typeof url === 'string' && /^https:\/\/[^\s]{1,200}$/.test(url) ? url : undefined
  const peerIcon = Array.isArray(icons) ? icons.slice(0, 10).find(isPeerIcon) : undefined
  return { topic: parsed.data.topic, peer: { name: peerName, ...(peerUrl ? { url: peerUrl } : {}), ...(peerIcon ? { icon: peerIcon } : {}) }, accounts }
}

/** A wallet's icon is used only as an https URL or an inline raster/SVG data image, size-capped; nothing else. */
function isPeerIcon(icon: unknown): icon is string {
  if (typeof icon !== 'string') return false
  if (/^https:\/\/[^\s"'<>]{1,500}$/.test(icon)) return true
  return icon.length <= 20_000 && /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;base64)?,[^\s"'<>]+$/.test(icon)
}
