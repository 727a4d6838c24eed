import { z } from 'zod'
import { caipAddressSchema } from '../chains/caipSchemas.js'
import type { CaipAddress, ChainNamespace } from '../chains/types.js'
import { CHAIN_NAMESPACES } from '../chains/types.js'

/** Bounded: another tab is the same site, but its message is still outside input. */
const id = z.string().min(1).max(200)
const namespace = z.enum(CHAIN_NAMESPACES)

/** What one tab tells the others (version 1). */
export const tabMessageSchema = z.discriminatedUnion('kind', [
  z.object({ v: z.literal(1), kind: z.literal('disconnected'), namespace, connectorId: id }),
  z.object({ v: z.literal(1), kind: z.literal('accountsChanged'), namespace, connectorId: id, accounts: z.array(caipAddressSchema).min(1).max(100) }),
  z.object({ v: z.literal(1), kind: z.literal('signedOut'), caipAddress: caipAddressSchema }),
])

export type TabMessage =
  | { v: 1; kind: 'disconnected'; namespace: ChainNamespace; connectorId: string }
  | { v: 1; kind: 'accountsChanged'; namespace: ChainNamespace; connectorId: string; accounts: CaipAddress[] }
  | { v: 1; kind: 'signedOut'; caipAddress: CaipAddress }

/**
 * A message from another tab, or null when it is not one of ours (or not well formed).
 * @example parseTabMessage(event.data)?.kind // 'disconnected'
 */
export function parseTabMessage(raw: unknown): TabMessage | null {
  const parsed = tabMessageSchema.safeParse(raw)
  return parsed.success ? (parsed.data as TabMessage) : null
}
