import { z } from 'zod'
import type { ConnectorInfo } from '../../actions/types.js'
import type { Eip1193Provider } from '../providerRegistry.js'
import { isReservedConnectorId } from '../reservedConnectorIds.js'

/** Names are shown in the modal: longer ones are cut here, absurd ones are refused outright. */
export const MAX_WALLET_NAME_LENGTH = 64
const MAX_RAW_NAME_LENGTH = 4_096
/** EIP-6963 icons are data URIs; a bigger one is a page-weight attack, not a logo. */
export const MAX_ICON_LENGTH = 100_000
const ICON = /^data:image\/(?:svg\+xml|png|jpeg|webp|gif)(?:;[\w=.+-]+)*,/i
/** Reverse-DNS, e.g. `io.metamask`: at least two dot-separated labels. */
const RDNS = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i
/** Control and bidirectional-override characters would let a name disguise itself. */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/**
 * The EIP-1193 surface checked at the edge: an object with a `request` function.
 * @example isEip1193Provider(window.ethereum)
 */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

const announcementSchema = z.object({
  info: z.object({
    uuid: z.string().trim().min(1).max(128),
    name: z.string().max(MAX_RAW_NAME_LENGTH),
    icon: z.unknown().optional(),
    rdns: z.unknown().optional(),
  }),
  provider: z.custom<Eip1193Provider>(isEip1193Provider, 'provider must have a request function'),
})

/**
 * Validates an `eip6963:announceProvider` detail: bounded strings, a cleaned name cut to 64
 * characters, the icon kept only as a small `data:image/…` URI, a provider with `request`.
 * Anything malformed gives null (never throws). The id is the rdns, else the uuid; a uuid or id
 * of Airlock's own connectors (`injected`, `auth`, `walletConnect`) is refused.
 * @example parseAnnouncement(event.detail)?.connector.id // 'io.metamask'
 */
export function parseAnnouncement(detail: unknown): { connector: ConnectorInfo; provider: Eip1193Provider } | null {
  let parsed: z.infer<typeof announcementSchema>
  try {
    const result = announcementSchema.safeParse(detail)
    if (!result.success) return null
    parsed = result.data
  } catch {
    // A hostile detail can throw from a getter or a Proxy trap while being read.
    return null
  }
  const { info, provider } = parsed
  const name = cleanName(info.name)
  if (!name) return null
  const rdns = typeof info.rdns === 'string' && info.rdns.length <= 255 && RDNS.test(info.rdns) ? info.rdns.toLowerCase() : undefined
  const id = rdns ?? info.uuid
  // `injected`, `auth` and `walletConnect` belong to Airlock's own connectors: an announcement
  // using one would replace that connector's entry and its provider (review L-5). Real uuids are
  // UUIDv4, so refusing one spelled like a built-in id costs no wallet anything.
  if (isReservedConnectorId(id) || isReservedConnectorId(info.uuid)) return null
  const icon = safeIcon(info.icon)
  const connector: ConnectorInfo = {
    id,
    name,
    type: 'ANNOUNCED',
    namespace: 'eip155',
    ...(rdns ? { rdns } : {}),
    uuid: info.uuid,
    ...(icon ? { icon } : {}),
    installed: true,
  }
  return { connector, provider }
}

/**
 * A wallet's icon as the list may show it: a `data:image/…` URI of bounded size, else undefined
 * (a remote URL would tell a third party who opened the modal; a huge one is a page-weight attack).
 * @example safeIcon('https://evil.example/x.png') // undefined
 */
export function safeIcon(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_ICON_LENGTH && ICON.test(value) ? value : undefined
}

/**
 * A wallet's name as the list may show it: control and direction characters removed, spaces
 * collapsed, at most MAX_WALLET_NAME_LENGTH characters.
 * @example cleanName('  Rain\u202ebow  ') // 'Rainbow'
 */
export function cleanName(raw: string): string {
  const collapsed = raw.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim()
  const chars = Array.from(collapsed)
  return chars.length <= MAX_WALLET_NAME_LENGTH ? collapsed : `${chars.slice(0, MAX_WALLET_NAME_LENGTH - 1).join('').trimEnd()}…`
}
