import { z } from 'zod'
import { sameOriginUrl } from '../portfolio/portfolioSchemas.js'
import type { SwapToken } from './types.js'

/**
 * The swap service's answers (SPEC 7 `/v1/convert/*`), checked at the edge: amounts are base-unit
 * integers, transactions carry hex fields only, and token logos load from the service's own origin.
 */

/** A base-unit amount: a non-negative integer that fits in 256 bits. */
const baseUnits = z.string().regex(/^\d{1,78}$/)
const hex = (max: number) => z.string().regex(new RegExp(`^0x[0-9a-fA-F]{0,${max}}$`))
/** A plain address, or CAIP-10 as Reown's service writes `tx.from` and `tx.to` (the address is kept). */
const evmAddress = z
  .string()
  .regex(/^(eip155:\d{1,20}:)?0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.slice(value.lastIndexOf(':') + 1))
/** CAIP-10 on an EVM chain. */
const caip10 = z.string().regex(/^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/)

export const tokensResponse = (origin: string) =>
  z.object({
    tokens: z
      .array(z.unknown())
      .max(2_000)
      .transform((list) =>
        list.flatMap((entry): SwapToken[] => {
          const token = z.object({ name: z.string().max(200), symbol: z.string().min(1).max(32), address: caip10, decimals: z.number().int().min(0).max(36), logoUri: z.string().max(2_000).optional() }).safeParse(entry)
          // One malformed entry is dropped, not the whole list.
          return token.success ? [{ ...token.data, address: token.data.address.toLowerCase(), logoUri: sameOriginUrl(token.data.logoUri, origin) }] : []
        }),
      ),
  })

export const quotesResponse = z.object({ quotes: z.array(z.object({ fromAmount: baseUnits, toAmount: baseUnits }).passthrough()).min(1).max(20) })
export const allowanceResponse = z.object({ allowance: baseUnits })
export const gasPriceResponse = z.object({ standard: baseUnits, fast: baseUnits.optional(), instant: baseUnits.optional() }).passthrough()

/** A transaction the service built for the wallet to send (approve or swap). */
export const builtTransactionResponse = z.object({
  tx: z.object({
    from: evmAddress,
    to: evmAddress,
    data: hex(20_000),
    value: z.union([hex(64), baseUnits]),
    eip155: z.object({ gas: z.union([hex(16), baseUnits]).optional(), gasPrice: z.union([hex(32), baseUnits]).optional() }).passthrough().optional(),
  }),
})
export type BuiltTransaction = z.infer<typeof builtTransactionResponse>['tx']
