import { z } from 'zod'

/** `/devnet-config.json`, written by the dev stack (examples/devnet/main.ts), validated at the edge. */
export const devnetConfigSchema = z.object({
  projectId: z.string().min(1),
  gatewayUrl: z.string().url(),
  chains: z
    .array(z.object({ chainId: z.number().int().positive(), name: z.string().min(1).max(64), rpcUrl: z.string().url().regex(/^https?:\/\//) }))
    .min(1),
  devAccount: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  recipient: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  /** The local WalletConnect relay (`ws://127.0.0.1:P`); absent on older dev stacks, then WalletConnect uses its default relay. */
  relayUrl: z.string().regex(/^wss?:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/?$/).optional(),
  /** The dev secure frame's origin (email and social login); absent on older dev stacks. */
  secureSiteUrl: z.string().regex(/^https?:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/?$/).optional(),
  /** The Bitcoin regtest chain's Esplora API (examples/devnet/bitcoin/); absent on older dev stacks. */
  bitcoinApiUrl: z.string().regex(/^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/?$/).optional(),
  /** The local Solana cluster's JSON-RPC (litesvm, examples/devnet/solana/); absent on older dev stacks. */
  solanaRpcUrl: z.string().regex(/^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/?$/).optional(),
})

export type DevnetPageConfig = z.infer<typeof devnetConfigSchema>

/** Fetches and validates the page config; throws an Error with a readable message. */
export async function loadDevnetConfig(url = '/devnet-config.json'): Promise<DevnetPageConfig> {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`)
  const parsed = devnetConfigSchema.safeParse(await response.json())
  if (!parsed.success) throw new Error(`${url} is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data
}
