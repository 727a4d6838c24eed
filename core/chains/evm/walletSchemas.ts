import type { Address } from 'viem'
import { z } from 'zod'
import { BaseError } from '../../errors/BaseError.js'
import { checksumAddress } from './checksumAddress.js'

/** More accounts than this is a broken or hostile wallet, not a person's key ring. */
const MAX_ACCOUNTS = 100

/**
 * An EVM address as a wallet sends it, returned in EIP-55 checksum casing
 * (any casing is accepted: wallets disagree on it, SPEC 5 does not enforce it).
 * @example evmAddressSchema.parse('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e5…'
 */
export const evmAddressSchema = z
  .string()
  .max(42)
  .transform((value, ctx): Address => {
    const address = checksumAddress(value)
    if (address) return address
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid address' })
    return z.NEVER
  })

/** The answer to `eth_requestAccounts` / `eth_accounts` and the `accountsChanged` payload. */
export const evmAccountsSchema = z.array(evmAddressSchema).max(MAX_ACCOUNTS)

/**
 * A chain id: hex per EIP-1193 (at most 13 digits, so it stays a safe integer), or a plain
 * positive integer, which some older wallets still send in `chainChanged`.
 * @example evmChainIdSchema.parse('0x7a69') // 31337
 */
export const evmChainIdSchema = z.union([
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{1,13}$/, 'Invalid chain id')
    .transform((value) => Number.parseInt(value, 16))
    .refine((id) => id > 0, 'Invalid chain id'),
  z.number().int().positive().safe(),
])

export const INVALID_WALLET_RESPONSE = 'Invalid wallet response'

/**
 * Validates what a wallet answered; throws `Invalid wallet response` (with the zod issue as
 * details, never the raw value) so the epic turns it into a clear failure action.
 * @example const accounts = parseWalletResponse(evmAccountsSchema, await provider.request({ method: 'eth_accounts' }), 'eth_accounts')
 */
export function parseWalletResponse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new BaseError(INVALID_WALLET_RESPONSE, { details: `${what}: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'invalid'}` })
}
