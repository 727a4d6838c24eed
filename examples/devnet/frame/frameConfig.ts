import { z } from 'zod'
import { isLoopbackOrigin } from '../loopback.js'

/**
 * What the dev frame reads from `/frame-config.json` on its own origin: which page origins may
 * talk to it (exact origins, no wildcards, and with `allowLoopback` any http(s) origin on this
 * machine, whatever its port: a host app's own dev server), where the dev mailbox is, and the
 * chains it signs for.
 */
export const frameConfigSchema = z.object({
  allowedOrigins: z.array(z.string().url()).max(16),
  allowLoopback: z.boolean().default(false),
  gatewayUrl: z.string().url(),
  chains: z.array(z.object({ chainId: z.number().int().positive(), name: z.string().max(64), rpcUrl: z.string().url() })).min(1).max(8),
  /** The Solana clusters the frame's Solana key signs for (SPEC 6: the auth connector serves eip155 and solana), by CAIP-2 id. */
  solanaChains: z
    .array(z.object({ caipNetworkId: z.string().regex(/^solana:[-_a-zA-Z0-9]{1,32}$/), name: z.string().max(64), rpcUrl: z.string().url() }))
    .max(4)
    .default([]),
  version: z.string().max(32),
})
export type FrameConfig = z.infer<typeof frameConfigSchema>
export type FrameSolanaChain = FrameConfig['solanaChains'][number]

/** The message the dev OAuth page posts to the window that opened it. */
export const OAUTH_RESULT_TYPE = '@airlock-oauth/RESULT'
/** The channel the dev farcaster page approves a login on (same origin as the frame). */
export const FARCASTER_CHANNEL = 'airlock-dev-farcaster'

/** Loads and validates the frame's config; throws with a readable reason. */
export async function loadFrameConfig(url = '/frame-config.json'): Promise<FrameConfig> {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new Error(`frame config: HTTP ${response.status}`)
  return frameConfigSchema.parse(await response.json())
}

/**
 * Whether a page origin may talk to the frame: one of the listed origins exactly, or, when the
 * config allows it, an origin on this machine (`http://localhost:5173`, `http://127.0.0.1:3000`).
 * @example isAllowedPageOrigin('http://localhost:5173', config) // true with allowLoopback
 */
export function isAllowedPageOrigin(origin: string, config: Pick<FrameConfig, 'allowedOrigins' | 'allowLoopback'>): boolean {
  if (config.allowedOrigins.some((allowed) => new URL(allowed).origin === origin)) return true
  // isLoopbackOrigin(undefined) is true for Node clients; a page always has an origin.
  return config.allowLoopback && origin !== '' && isLoopbackOrigin(origin)
}
