import bs58 from 'bs58'
import { z } from 'zod'

/** More accounts than this is a broken or hostile wallet, not a person's key ring. */
const MAX_ACCOUNTS = 100

/** Decodes base58, or null (never throws): wallets and pages are outside input. */
export function decodeBase58(value: string): Uint8Array | null {
  try {
    return bs58.decode(value)
  } catch {
    return null
  }
}

/**
 * A Solana address as a wallet sends it: base58 of exactly 32 bytes (SPEC 5's 32-44 characters,
 * checked by decoding rather than by pattern alone).
 * @example solanaAddressSchema.parse('11111111111111111111111111111111') // ok
 */
export const solanaAddressSchema = z
  .string()
  .max(44)
  .refine((value) => decodeBase58(value)?.length === 32, 'Invalid Solana address')

/**
 * A Wallet Standard account: its `address` must be the base58 form of its `publicKey` (when the
 * wallet gives the bytes), so a wallet cannot show one key and sign with another.
 */
export const walletStandardAccountSchema = z
  .object({
    address: solanaAddressSchema,
    publicKey: z.instanceof(Uint8Array).optional(),
    chains: z.array(z.string().max(128)).max(32).optional(),
  })
  .passthrough()
  .refine((account) => !account.publicKey || bs58.encode(account.publicKey) === account.address, 'Public key and address differ')

export const walletStandardAccountsSchema = z.array(walletStandardAccountSchema).max(MAX_ACCOUNTS)
