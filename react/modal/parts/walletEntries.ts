import type { ConnectorInfo, ConnectorType } from '../../../core/actions/types.js'
import { RECENT_WALLETS_MAX } from '../../../core/constants/limits.js'
import { CONNECTOR_GROUP_ORDER, selectVisibleConnectors } from '../../../core/slices/connectors/selectors.js'
import type { AirlockState } from '../../../core/state.js'

export interface WalletEntry {
  readonly connector: ConnectorInfo
  readonly tag: 'Recent' | 'Installed' | null
  /** The same wallet's connectors for other chain families (one extension with EVM and Solana): connected together. */
  readonly also?: readonly ConnectorInfo[]
}

/**
 * Connector types with a connecting view today. WalletConnect (QR) and the
 * email/social auth connectors wait for their views, so they are not listed.
 */
const LISTED_TYPES: readonly ConnectorType[] = ['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN', 'EXTERNAL']

type Group = (typeof CONNECTOR_GROUP_ORDER)[number]

function groupOf(connector: ConnectorInfo, featured: readonly string[]): Group {
  if (connector.type === 'WALLET_CONNECT') return 'walletConnect'
  if (connector.type === 'EXTERNAL') return 'external'
  if (connector.installed) return 'injected'
  return featured.includes(connector.id) || (connector.rdns !== undefined && featured.includes(connector.rdns)) ? 'featured' : 'recommended'
}

function listed(state: AirlockState): ConnectorInfo[] {
  return selectVisibleConnectors(state).filter((c) => LISTED_TYPES.includes(c.type))
}

/**
 * The Connect view's wallets: recent ones first (at most 2, newest first), then
 * the rest in CONNECTOR_GROUP_ORDER, discovery order kept within a group.
 */
export function selectConnectWallets(state: AirlockState): WalletEntry[] {
  const all = listed(state)
  const recent: ConnectorInfo[] = []
  for (const wallet of state.connection.recentWallets.slice(0, RECENT_WALLETS_MAX)) {
    const match = all.find((c) => c.id === wallet.id || (wallet.rdns !== undefined && c.rdns === wallet.rdns))
    if (match && !recent.includes(match)) recent.push(match)
  }
  const featured = state.options.featuredWalletIds
  const rank = (c: ConnectorInfo) => CONNECTOR_GROUP_ORDER.indexOf(groupOf(c, featured))
  const rest = all.filter((c) => !recent.includes(c)).sort((a, b) => rank(a) - rank(b))
  return merged([...recent.map((connector) => ({ connector, tag: 'Recent' as const })), ...rest.map(toEntry)])
}

/** Every listed wallet, installed first (discovery order kept otherwise). */
export function selectAllWallets(state: AirlockState): WalletEntry[] {
  const all = listed(state)
  return merged([...all.filter((c) => c.installed), ...all.filter((c) => !c.installed)].map(toEntry))
}

/**
 * One row per wallet: a browser wallet that announced itself for several chain families (EIP-6963
 * for EVM, the Wallet Standard for Solana, sats-connect for Bitcoin) under one name is one entry,
 * at the place of its first connector, with the others in `also`.
 */
function merged(entries: WalletEntry[]): WalletEntry[] {
  const out: WalletEntry[] = []
  const byName = new Map<string, number>()
  for (const entry of entries) {
    const { connector } = entry
    const key = connector.name.toLowerCase()
    const at = connector.installed && connector.type !== 'EXTERNAL' ? byName.get(key) : undefined
    const first = at === undefined ? undefined : out[at]
    if (first && ![first.connector, ...(first.also ?? [])].some((c) => c.namespace === connector.namespace)) {
      out[at!] = { ...first, also: [...(first.also ?? []), connector] }
      continue
    }
    if (connector.installed && connector.type !== 'EXTERNAL' && !byName.has(key)) byName.set(key, out.length)
    out.push(entry)
  }
  return out
}

function toEntry(connector: ConnectorInfo): WalletEntry {
  return { connector, tag: connector.installed && connector.type !== 'EXTERNAL' ? 'Installed' : null }
}

/** Equality for the selectors above: same connectors (by identity) with the same tags. */
export function sameEntries(a: readonly WalletEntry[], b: readonly WalletEntry[]): boolean {
  const sameAlso = (x: WalletEntry, y: WalletEntry | undefined) => (x.also ?? []).length === (y?.also ?? []).length && (x.also ?? []).every((c, i) => c === y?.also?.[i])
  return a.length === b.length && a.every((entry, i) => entry.connector === b[i]?.connector && entry.tag === b[i]?.tag && sameAlso(entry, b[i]))
}

/**
 * A wallet count as the lists show it, in the shown language's digits and without grouping
 * (English keeps "5000", as before the catalogue).
 * @example formatWalletCount(5000, 'en') // '5000'
 */
export function formatWalletCount(count: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { useGrouping: false }).format(count)
  } catch {
    return String(count)
  }
}
