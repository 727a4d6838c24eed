import { getAddress, isAddress, maxUint256, type Address } from 'viem'
import { z } from 'zod'

/**
 * The swap service's requests (SPEC 7 `/v1/convert/*`) as Reown's blockchain API takes them, checked
 * before anything reaches a chain: CAIP-10 tokens on an EVM chain, base-unit amounts within uint256,
 * bounded strings. AppKit sends accounts as CAIP-10 and Airlock's client as plain addresses: both are taken.
 */

/** A token named by CAIP-10, parsed into its chain and address (the native coin is `0xeeee…eeee`). */
export interface CaipToken {
  readonly chainId: number
  readonly address: Address
}

const projectId = z.string().min(1, 'Required').max(100)
const caip2 = z
  .string()
  .max(40)
  .regex(/^eip155:\d{1,12}$/, 'Expected an EVM CAIP-2 network id, e.g. "eip155:1"')
  .transform((id) => Number(id.split(':')[1]))
const token = z
  .string()
  .max(120)
  .regex(/^eip155:\d{1,12}:0x[0-9a-fA-F]{40}$/, 'Expected a CAIP-10 token address, e.g. "eip155:1:0x…"')
  .refine((id) => isAddress(id.split(':')[2]!), 'Invalid address checksum')
  .transform((id): CaipToken => {
    const [, chainId, address] = id.split(':') as [string, string, string]
    return { chainId: Number(chainId), address: getAddress(address) }
  })
/** An account, plain or CAIP-10 (its chain is the tokens' one; only the address is used). */
const account = z
  .string()
  .max(120)
  .transform((id) => id.split(':').at(-1)!)
  .refine((address) => isAddress(address), 'Expected an EVM address or a CAIP-10 account')
  .transform((address) => getAddress(address))
/** A positive amount in base units that fits in a uint256. */
const amount = z
  .string()
  .max(78)
  .regex(/^\d+$/, 'Expected an amount in base units (digits only)')
  .transform((digits) => BigInt(digits))
  .refine((value) => value > 0n, 'Expected an amount above 0')
  .refine((value) => value <= maxUint256, 'Expected an amount within uint256')
/** Slippage in percent (SPEC 9 sends 1); AppKit types it as a string, Airlock sends a number. */
const slippage = z.union([z.number(), z.string().max(12).regex(/^\d+(\.\d+)?$/, 'Expected a percentage, e.g. "1"').transform(Number)]).pipe(z.number().min(0).max(50))

export const convertRequests = {
  tokens: z.object({ projectId, chainId: caip2 }),
  gasPrice: z.object({ projectId, chainId: caip2 }),
  quotes: z.object({ projectId, amount, userAddress: account, from: token, to: token, gasPrice: z.string().max(80).regex(/^\d+$/).optional() }),
  allowance: z.object({ projectId, tokenAddress: token, userAddress: account }),
  /** Without `amount` (AppKit sends none) the approval is unlimited, as swap services do. */
  buildApprove: z.object({ projectId, userAddress: account, from: token, to: token, amount: amount.optional() }),
  buildTransaction: z.object({ projectId, userAddress: account, from: token, to: token, amount, eip155: z.object({ slippage }).optional(), disableEstimate: z.boolean().optional() }),
}

/**
 * `input` parsed by `schema`, or the sentence a 400 answers with (the first issue, with its field).
 * @example parseConvertRequest(convertRequests.tokens, Object.fromEntries(url.searchParams), 'tokens')
 */
export function parseConvertRequest<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown, what: string): { ok: true; data: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(input)
  if (parsed.success) return { ok: true, data: parsed.data }
  const issue = parsed.error.issues[0]!
  return { ok: false, message: `Invalid ${what} request: ${issue.path.join('.') || 'body'}: ${issue.message}` }
}
