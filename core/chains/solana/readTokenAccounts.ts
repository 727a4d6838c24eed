import { z } from 'zod'
import type { Network } from '../types.js'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './programAddress.js'
import { solanaAddressSchema } from './solanaSchemas.js'
import { solanaRpc } from './solanaRpc.js'

/** One SPL token account an owner holds, as `getTokenAccountsByOwner` (jsonParsed) tells it. */
export interface SolanaTokenAccount {
  /** The token account's own address. */
  readonly address: string
  readonly mint: string
  /** The program that owns it: SPL Token or Token-2022. */
  readonly program: string
  /** Base units. */
  readonly amount: bigint
  readonly decimals: number
}

const tokenAccountAnswer = z.object({
  result: z.object({
    value: z
      .array(
        z.object({
          pubkey: solanaAddressSchema,
          account: z
            .object({
              owner: solanaAddressSchema,
              data: z.object({ parsed: z.object({ info: z.object({ mint: solanaAddressSchema, tokenAmount: z.object({ amount: z.string().regex(/^\d{1,20}$/), decimals: z.number().int().min(0).max(255) }).passthrough() }).passthrough() }).passthrough() }).passthrough(),
            })
            .passthrough(),
        }),
      )
      .max(1_000),
  }),
})

/**
 * The SPL token accounts `owner` holds on the network, under both token programs (one
 * `getTokenAccountsByOwner` each, jsonParsed), or only those of `mint`. The answers are checked
 * with zod: an account of another program or a malformed entry fails the read.
 * @example await readTokenAccounts({ network, owner }) // [{ mint, amount: 1000000000n, decimals: 6, … }]
 */
export async function readTokenAccounts({ network, owner, mint, signal }: { network: Network; owner: string; mint?: string; signal?: AbortSignal }): Promise<SolanaTokenAccount[]> {
  const filters = mint ? [{ mint }] : [{ programId: TOKEN_PROGRAM_ID }, { programId: TOKEN_2022_PROGRAM_ID }]
  const answers = await Promise.all(filters.map((filter) => solanaRpc(network, 'getTokenAccountsByOwner', [owner, filter, { encoding: 'jsonParsed', commitment: 'confirmed' }], tokenAccountAnswer, signal)))
  return answers.flatMap(({ result }) =>
    result.value.flatMap(({ pubkey, account }) => {
      if (account.owner !== TOKEN_PROGRAM_ID && account.owner !== TOKEN_2022_PROGRAM_ID) return []
      const { mint, tokenAmount } = account.data.parsed.info
      return [{ address: pubkey, mint, program: account.owner, amount: BigInt(tokenAmount.amount), decimals: tokenAmount.decimals }]
    }),
  )
}
