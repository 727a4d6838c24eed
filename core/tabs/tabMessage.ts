import { z } from 'zod'
import type { RecentWallet } from '../actions/types.js'
import { caipAddressSchema, caipNetworkIdSchema } from '../chains/caipSchemas.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../chains/types.js'
import { CHAIN_NAMESPACES } from '../chains/types.js'
import { RECENT_WALLETS_MAX } from '../constants/limits.js'

/** Bounded: another tab is the same site, but its message is still outside input. */
const id = z.string().min(1).max(200)
const namespace = z.enum(CHAIN_NAMESPACES)
const recentWallet = z.object({ id, name: id, rdns: id.optional() }).strict()

/** What one tab tells the others (version 1). */
export const tabMessageSchema = z.discriminatedUnion('kind', [
  z.object({ v: z.literal(1), kind: z.literal('connected'), namespace, connectorId: id, caipAddress: caipAddressSchema, recentWallets: z.array(recentWallet).max(RECENT_WALLETS_MAX) }),
  z.object({ v: z.literal(1), kind: z.literal('disconnected'), namespace, connectorId: id }),
  z.object({ v: z.literal(1), kind: z.literal('accountsChanged'), namespace, connectorId: id, accounts: z.array(caipAddressSchema).min(1).max(100) }),
  z.object({ v: z.literal(1), kind: z.literal('networkSwitched'), namespace, connectorId: id, caipNetworkId: caipNetworkIdSchema, caipAddress: caipAddressSchema }),
  z.object({ v: z.literal(1), kind: z.literal('signedIn'), caipAddress: caipAddressSchema }),
  z.object({ v: z.literal(1), kind: z.literal('signedOut'), caipAddress: caipAddressSchema }),
])

export type TabMessage =
  /** A connection made here (by the person, or restored): the others restore it as after a reload. */
  | { v: 1; kind: 'connected'; namespace: ChainNamespace; connectorId: string; caipAddress: CaipAddress; recentWallets: RecentWallet[] }
  | { v: 1; kind: 'disconnected'; namespace: ChainNamespace; connectorId: string }
  | { v: 1; kind: 'accountsChanged'; namespace: ChainNamespace; connectorId: string; accounts: CaipAddress[] }
  /** The app switched this connection's network; `caipAddress` is the account on the new network. */
  | { v: 1; kind: 'networkSwitched'; namespace: ChainNamespace; connectorId: string; caipNetworkId: CaipNetworkId; caipAddress: CaipAddress }
  | { v: 1; kind: 'signedIn'; caipAddress: CaipAddress }
  | { v: 1; kind: 'signedOut'; caipAddress: CaipAddress }

/**
 * A message from another tab, or null when it is not one of ours (or not well formed).
 * @example parseTabMessage(event.data)?.kind // 'disconnected'
 */
export function parseTabMessage(raw: unknown): TabMessage | null {
  const parsed = tabMessageSchema.safeParse(raw)
  return parsed.success ? (parsed.data as TabMessage) : null
}
