import { z } from 'zod'
import { MAX_SIWX_MESSAGE_LENGTH, siwxNamespaceOf } from '../siwxMessageSchema.js'
import type { SiwxServerSession } from './types.js'

/** At most this many accounts in one session (one-click auth signs one per requested chain). */
export const MAX_SESSION_ACCOUNTS = 16

/** What a stored session must look like when read back: storage is outside input too. */
export const serverSessionSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{32}$/),
    accounts: z
      .array(
        z.object({
          address: z.string().min(1).max(128),
          chainId: z.string().refine((value) => siwxNamespaceOf(value) !== undefined),
          message: z.string().min(1).max(MAX_SIWX_MESSAGE_LENGTH),
          signature: z.string().min(1).max(4096),
        }),
      )
      .min(1)
      .max(MAX_SESSION_ACCOUNTS),
    createdAt: z.number().finite(),
    expiresAt: z.number().finite(),
  })
  .strict() as z.ZodType<SiwxServerSession>

/** A session id: 128 bits from the platform's CSPRNG, as 32 hex digits. */
export function createSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The index form of an address: EVM addresses in lower case (their checksum case is not identity), others as they are. */
export function addressKey(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
}

/** Throws unless the session can be stored: 1 to 16 accounts, a future expiry. */
export function checkNewSession(session: Omit<SiwxServerSession, 'id'>, id: string): SiwxServerSession {
  return serverSessionSchema.parse({ id, accounts: session.accounts.map((a) => ({ address: a.address, chainId: a.chainId, message: a.message, signature: a.signature })), createdAt: session.createdAt, expiresAt: session.expiresAt })
}
