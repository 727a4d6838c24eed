import { z } from 'zod'
import { MAX_SIWX_MESSAGE_LENGTH, siwxNamespaceOf } from './siwxMessageSchema.js'

const chain = z.string().refine((value) => siwxNamespaceOf(value) !== undefined, 'must be an eip155, solana or bip122 CAIP-2 id')
const duration = z.number().int()

/** `createSiwxVerifier(options)`: the trust settings, checked once, when the verifier is made. */
export const siwxVerifierOptionsSchema = z
  .object({
    nonces: z
      .custom<object>((value) => typeof (value as { consume?: unknown } | null)?.consume === 'function', 'must be a NonceStore (with a consume function)')
      // A store's maxAgeMs read from the environment as '60000' or null would skip the lifetime
      // check (nonces forgotten before their messages expire let them be replayed): refused here.
      .refine((value) => {
        // z.custom's failure is fatal, so only a store with a consume function gets here (never null).
        const maxAgeMs = (value as { maxAgeMs?: unknown }).maxAgeMs
        return maxAgeMs === undefined || (typeof maxAgeMs === 'number' && maxAgeMs > 0)
      }, 'its maxAgeMs must be a positive number of milliseconds')
      .optional(),
    rpcUrls: z.record(z.string(), z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL').optional()).optional(),
    clockToleranceMs: duration.min(0).max(3_600_000).optional(),
    maxAgeMs: duration.positive().optional(),
  })
  .strict()

/**
 * One verification: only the signed message and what is expected of it. Strict, so a back end
 * that spreads a request body into the call cannot have it carry trust settings (an RPC, a store).
 */
export const verifySiwxInputSchema = z
  .object({
    message: z.string().min(1).max(MAX_SIWX_MESSAGE_LENGTH),
    signature: z.string().min(1).max(4096),
    domain: z.string(),
    nonce: z.string(),
    now: z.union([z.number().finite(), z.date().transform((date) => date.getTime())]).refine(Number.isFinite, 'now must be a valid time'),
    chainId: z.union([z.literal('any'), chain, z.array(chain).min(1).max(256)]),
  })
  .strict()

/** One readable line out of a zod error, naming refused keys and where trust settings belong. */
export function describeVerifierIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.code === z.ZodIssueCode.unrecognized_keys
        ? `unknown keys ${issue.keys.join(', ')} (trust settings such as rpcUrls, nonces, maxAgeMs and clockToleranceMs are fixed by createSiwxVerifier, never passed per call)`
        : `${issue.path.join('.') || 'parameters'}: ${issue.message}`,
    )
    .join('; ')
}
