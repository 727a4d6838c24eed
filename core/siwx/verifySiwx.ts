import { z } from 'zod'
import type { CaipNetworkId } from '../chains/types.js'
import { createNonceLedger, NONCE_RETENTION_MS, type NonceStore } from './nonceLedger.js'
import { MAX_SIWX_MESSAGE_LENGTH, parseSiwxMessage } from './parseSiwxMessage.js'
import { isSiwxDomain, rfc3339ToMillis, siwxNamespaceOf } from './siwxMessageSchema.js'
import { verifySignature } from './verifiers/verifySignature.js'

export type SiwxVerifyFailureReason =
  | 'invalid_input' | 'missing_domain' | 'missing_nonce' | 'invalid_nonce' | 'malformed_message' | 'domain_mismatch' | 'nonce_mismatch'
  | 'nonce_reused' | 'expired' | 'not_yet_valid' | 'issued_in_future' | 'chain_mismatch' | 'invalid_signature' | 'verifier_error'

export type SiwxVerifyResult =
  | { readonly ok: true; readonly address: string; readonly chainId: CaipNetworkId }
  | { readonly ok: false; readonly reason: SiwxVerifyFailureReason; readonly details: string }

export interface SiwxVerifierOptions {
  /** Where accepted nonces are recorded (default: one in-memory ledger per verifier). */
  readonly nonces?: NonceStore
  /** JSON-RPC URL per CAIP-2 chain: smart accounts (EIP-1271, EIP-6492) verify only with one. */
  readonly rpcUrls?: Readonly<Partial<Record<CaipNetworkId, string>>>
  /** A message issued at most this far in the future is accepted (default 60 s of clock skew). */
  readonly clockToleranceMs?: number
  /** A message without an expiration time expires this long after it was issued (default 24 h). */
  readonly maxAgeMs?: number
}

export interface VerifySiwxParameters extends SiwxVerifierOptions {
  /** The exact text the wallet signed. */
  readonly message: string
  /** `0x…` for EVM, base58 (or base64) for Solana, base64 BIP-137 / BIP-322 for Bitcoin. */
  readonly signature: string
  /** The host (and port) your site is served from, exactly: `dapp.example`, `127.0.0.1:5173`. */
  readonly domain: string
  /** The nonce you issued for this sign-in. */
  readonly nonce: string
  /** The injected clock: milliseconds since the epoch, or a Date. */
  readonly now: number | Date
  /** The chain (or chains) you accept; any chain when left out. */
  readonly chainId?: CaipNetworkId | readonly CaipNetworkId[]
}

const DEFAULT_CLOCK_TOLERANCE_MS = 60_000
const inputSchema = z.object({
  message: z.string().min(1).max(MAX_SIWX_MESSAGE_LENGTH),
  signature: z.string().min(1).max(4096),
  now: z.union([z.number().finite(), z.date().transform((date) => date.getTime())]).refine(Number.isFinite, 'now must be a valid time'),
  chainId: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  clockToleranceMs: z.number().int().min(0).max(3_600_000).optional(),
  maxAgeMs: z.number().int().positive().optional(),
})

/**
 * A verifier for host back ends, failing closed: the expected domain and nonce are required,
 * the domain must match exactly (host and port), the nonce is at least 8 alphanumerics and is
 * accepted once, and expired, not-yet-valid and future messages are refused by the given clock.
 * The chain's signature check (viem, ed25519, BIP-137 / BIP-322) loads only when first needed.
 * @example const verify = createSiwxVerifier({ rpcUrls: { 'eip155:1': 'https://rpc.example' } })
 */
export function createSiwxVerifier(options: SiwxVerifierOptions = {}): (parameters: VerifySiwxParameters) => Promise<SiwxVerifyResult> {
  let ledger: NonceStore | undefined
  return (parameters) => {
    // Host back ends call this with whatever a request carried: nothing is assumed present.
    const given = (parameters ?? {}) as Partial<VerifySiwxParameters>
    return verify({ ...options, ...given, nonces: given.nonces ?? options.nonces ?? (ledger ??= createNonceLedger()) } as VerifySiwxParameters & { nonces: NonceStore })
  }
}

let shared: ((parameters: VerifySiwxParameters) => Promise<SiwxVerifyResult>) | undefined

/**
 * Verifies a signed sign-in message for a back end (`import { verifySiwx } from 'airlock/siwx'`).
 * Nonces are remembered in this process; pass `nonces` when several processes verify.
 * @example const result = await verifySiwx({ message, signature, domain: 'dapp.example', nonce: session.nonce, now: new Date() })
 */
export function verifySiwx(parameters: VerifySiwxParameters): Promise<SiwxVerifyResult> {
  return (shared ??= createSiwxVerifier())(parameters)
}

const fail = (reason: SiwxVerifyFailureReason, details: string): SiwxVerifyResult => ({ ok: false, reason, details })

async function verify(p: Partial<VerifySiwxParameters> & { nonces: NonceStore }): Promise<SiwxVerifyResult> {
  if (typeof p.domain !== 'string' || p.domain.length === 0) return fail('missing_domain', 'the expected domain is required')
  if (typeof p.nonce !== 'string' || p.nonce.length === 0) return fail('missing_nonce', 'the expected nonce is required')
  if (!/^[A-Za-z0-9]{8,128}$/.test(p.nonce)) return fail('invalid_nonce', 'the expected nonce must be 8 to 128 letters or digits')
  if (!isSiwxDomain(p.domain)) return fail('invalid_input', 'the expected domain is a host with an optional port, not a URL')
  const input = inputSchema.safeParse(p)
  if (!input.success) return fail('invalid_input', input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
  const { message, signature, now, maxAgeMs = NONCE_RETENTION_MS, clockToleranceMs = DEFAULT_CLOCK_TOLERANCE_MS } = input.data
  const parsed = parseSiwxMessage(message)
  if (!parsed.ok) return fail('malformed_message', parsed.reason)
  const data = parsed.data

  if (data.domain.toLowerCase() !== p.domain.toLowerCase()) return fail('domain_mismatch', `expected ${p.domain}, the message says ${data.domain}`)
  if (data.nonce !== p.nonce) return fail('nonce_mismatch', 'the message carries another nonce')
  const allowed = input.data.chainId === undefined ? undefined : ([] as string[]).concat(input.data.chainId)
  if (allowed && !allowed.includes(data.chainId)) return fail('chain_mismatch', `chain ${data.chainId} is not accepted`)

  const issuedAt = data.issuedAt === undefined ? undefined : rfc3339ToMillis(data.issuedAt)!
  const expiresAt = data.expirationTime !== undefined ? rfc3339ToMillis(data.expirationTime)! : issuedAt !== undefined ? issuedAt + maxAgeMs : undefined
  if (expiresAt === undefined) return fail('malformed_message', 'the message needs an Issued At or an Expiration Time')
  if (now >= expiresAt) return fail('expired', data.expirationTime ? `expired at ${data.expirationTime}` : `issued more than ${maxAgeMs} ms ago`)
  if (data.notBefore !== undefined && now < rfc3339ToMillis(data.notBefore)!) return fail('not_yet_valid', `not valid before ${data.notBefore}`)
  if (issuedAt !== undefined && issuedAt > now + clockToleranceMs) return fail('issued_in_future', `issued at ${data.issuedAt}`)

  let valid: boolean
  try {
    valid = await verifySignature({ namespace: siwxNamespaceOf(data.chainId)!, chainId: data.chainId, address: data.accountAddress, message, signature, rpcUrl: p.rpcUrls?.[data.chainId] })
  } catch (error) {
    return fail('verifier_error', error instanceof Error ? error.message : 'the signature could not be checked')
  }
  if (!valid) return fail('invalid_signature', `the signature is not from ${data.accountAddress} on ${data.chainId}`)
  // Recorded only once the signature holds, so a forged attempt cannot burn someone's nonce.
  let fresh: boolean
  try {
    fresh = await p.nonces.consume(data.nonce, { now, expiresAt })
  } catch (error) {
    return fail('verifier_error', `the nonce store failed: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
  if (!fresh) return fail('nonce_reused', 'this nonce was already used')
  return { ok: true, address: data.accountAddress, chainId: data.chainId }
}
