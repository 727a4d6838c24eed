import type { CaipNetworkId } from '../chains/types.js'
import { SIWX_CLOCK_TOLERANCE_MS, SIWX_MAX_AGE_MS } from '../constants/timing.js'
import { BaseError } from '../errors/BaseError.js'
import { createNonceLedger, type NonceStore } from './nonceLedger.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import { isSiwxDomain, rfc3339ToMillis, siwxNamespaceOf } from './siwxMessageSchema.js'
import { describeVerifierIssues, siwxVerifierOptionsSchema, verifySiwxInputSchema } from './siwxVerifierSchema.js'
import { canonicalAddress, verifySignature } from './verifiers/verifySignature.js'

export type SiwxVerifyFailureReason =
  | 'invalid_input' | 'missing_domain' | 'missing_nonce' | 'missing_chain_id' | 'invalid_nonce' | 'malformed_message' | 'domain_mismatch' | 'uri_mismatch'
  | 'nonce_mismatch' | 'nonce_reused' | 'nonce_unknown' | 'nonce_store_full' | 'expired' | 'not_yet_valid' | 'issued_in_future' | 'chain_mismatch' | 'invalid_signature' | 'verifier_error'

export type SiwxVerifyResult =
  | { readonly ok: true; readonly address: string; readonly chainId: CaipNetworkId }
  | { readonly ok: false; readonly reason: SiwxVerifyFailureReason; readonly details: string }

/** The trust settings of a verifier: fixed by `createSiwxVerifier`, never taken from a call. */
export interface SiwxVerifierOptions {
  /** Where accepted nonces are recorded (default: one in-memory ledger per verifier; several processes need a shared store with a TTL). */
  readonly nonces?: NonceStore
  /** JSON-RPC URL per CAIP-2 chain: smart accounts (EIP-1271, EIP-6492) verify only with one. */
  readonly rpcUrls?: Readonly<Partial<Record<CaipNetworkId, string>>>
  /** A message issued at most this far in the future is accepted (default 60 s of clock skew). */
  readonly clockToleranceMs?: number
  /** A message is accepted at most this long after its Issued At, whatever its Expiration Time says (default 24 h). */
  readonly maxAgeMs?: number
}

/** What one verification takes: the signed message and what you expect of it. Any other key is refused (`invalid_input`). */
export interface VerifySiwxParameters {
  /** The exact text the wallet signed. */
  readonly message: string
  /** `0x…` for EVM, base58 (or base64) for Solana, base64 BIP-137 / BIP-322 for Bitcoin. */
  readonly signature: string
  /** The host (and port) your site is served from, exactly: `dapp.example`, `127.0.0.1:5173`. The message's URI must be on it too. */
  readonly domain: string
  /** The nonce you issued for this sign-in. */
  readonly nonce: string
  /** The injected clock: milliseconds since the epoch, or a Date. */
  readonly now: number | Date
  /** Required: the chain you accept, a list of them, or `'any'` to accept every chain on purpose. */
  readonly chainId: CaipNetworkId | readonly CaipNetworkId[] | 'any'
}

export type SiwxVerifier = (parameters: VerifySiwxParameters) => Promise<SiwxVerifyResult>

interface Trust {
  readonly nonces: NonceStore
  readonly rpcUrls: Readonly<Partial<Record<string, string>>>
  readonly maxAgeMs: number
  readonly clockToleranceMs: number
}

/**
 * A verifier for host back ends, failing closed: the expected domain, nonce and chain are required,
 * the domain must match exactly (host and port) and the URI be on it, the nonce is at least 8
 * alphanumerics and is accepted once, and expired, too old, not-yet-valid and future messages
 * are refused by the given clock. Its trust settings are fixed here; a call cannot change them.
 * The chain's signature check (viem, ed25519, BIP-137 / BIP-322) loads only when first needed.
 * @example const verify = createSiwxVerifier({ rpcUrls: { 'eip155:1': 'https://rpc.example' } })
 */
export function createSiwxVerifier(options: SiwxVerifierOptions = {}): SiwxVerifier {
  const parsed = siwxVerifierOptionsSchema.safeParse(options)
  if (!parsed.success) throw new BaseError('Invalid sign-in verifier options', { code: 'invalid_options', details: describeVerifierIssues(parsed.error) })
  const { maxAgeMs = SIWX_MAX_AGE_MS, clockToleranceMs = SIWX_CLOCK_TOLERANCE_MS } = parsed.data
  // A message issued up to clockToleranceMs ahead lives maxAgeMs from then: its nonce must outlive it.
  const lifetime = maxAgeMs + clockToleranceMs
  const nonces = (parsed.data.nonces as NonceStore | undefined) ?? createNonceLedger({ maxAgeMs: lifetime })
  // A store that states no maxAgeMs is trusted to keep nonces until the expiresAt it is given.
  if ((nonces.maxAgeMs ?? lifetime) < lifetime) {
    throw new BaseError('The nonce store forgets nonces before their messages expire', { code: 'invalid_options', details: `it keeps ${nonces.maxAgeMs} ms, messages live up to ${lifetime} ms (maxAgeMs + clockToleranceMs)` })
  }
  // Copies: editing the options object afterwards changes nothing here.
  const trust: Trust = Object.freeze({ nonces, maxAgeMs, clockToleranceMs, rpcUrls: Object.freeze({ ...parsed.data.rpcUrls }) })
  return (parameters) => verify(trust, parameters)
}

let shared: SiwxVerifier | undefined

/**
 * Verifies a signed sign-in message with the default settings (`import { verifySiwx } from 'airlock/siwx'`):
 * EVM EOAs offline, nonces remembered in this process, messages at most 24 h old. For RPCs,
 * a shared nonce store or other limits, use your own `createSiwxVerifier(options)`.
 * @example const result = await verifySiwx({ message, signature, domain: 'dapp.example', nonce: session.nonce, chainId: 'eip155:1', now: new Date() })
 */
export function verifySiwx(parameters: VerifySiwxParameters): Promise<SiwxVerifyResult> {
  return (shared ??= createSiwxVerifier())(parameters)
}

const fail = (reason: SiwxVerifyFailureReason, details: string): SiwxVerifyResult => ({ ok: false, reason, details })

const uriHost = (uri: string): string | undefined => {
  try {
    return new URL(uri).host
  }
  // Stryker disable next-line BlockStatement: an empty catch falls off the end of the function, which returns the same undefined
  catch {
    return undefined
  }
}

/** One of a message's optional times in milliseconds (parsing already checked it), or `absent` when it states none. */
const timeOr = (time: string | undefined, absent: number): number => (time === undefined ? absent : rfc3339ToMillis(time)!)

async function verify(trust: Trust, parameters: unknown): Promise<SiwxVerifyResult> {
  // Host back ends call this with whatever a request carried: nothing is assumed present.
  const p = (typeof parameters === 'object' && parameters !== null ? parameters : {}) as Partial<Record<keyof VerifySiwxParameters, unknown>>
  if (typeof p.domain !== 'string' || p.domain.length === 0) return fail('missing_domain', 'the expected domain is required')
  if (typeof p.nonce !== 'string' || p.nonce.length === 0) return fail('missing_nonce', 'the expected nonce is required')
  if (!/^[A-Za-z0-9]{8,128}$/.test(p.nonce)) return fail('invalid_nonce', 'the expected nonce must be 8 to 128 letters or digits')
  if (!isSiwxDomain(p.domain)) return fail('invalid_input', 'the expected domain is a host with an optional port, not a URL')
  if (p.chainId === undefined) return fail('missing_chain_id', "the expected chainId is required: a CAIP-2 id, a list of them, or 'any'")
  const input = verifySiwxInputSchema.safeParse(p)
  if (!input.success) return fail('invalid_input', describeVerifierIssues(input.error))
  const { message, signature, now, domain, nonce, chainId } = input.data
  const parsed = parseSiwxMessage(message)
  if (!parsed.ok) return fail('malformed_message', parsed.reason)
  const data = parsed.data

  if (data.domain.toLowerCase() !== domain.toLowerCase()) return fail('domain_mismatch', `expected ${domain}, the message says ${data.domain}`)
  if (uriHost(data.uri) !== data.domain.toLowerCase()) return fail('uri_mismatch', `the URI ${data.uri} is not on ${data.domain}`)
  if (data.nonce !== nonce) return fail('nonce_mismatch', 'the message carries another nonce')
  if (chainId !== 'any' && !([] as string[]).concat(chainId).includes(data.chainId)) return fail('chain_mismatch', `chain ${data.chainId} is not accepted`)

  if (data.issuedAt === undefined) return fail('malformed_message', 'the message has no Issued At (EIP-4361 requires one)')
  const issuedAt = rfc3339ToMillis(data.issuedAt)!
  // Its own Expiration Time cannot stretch a message's life, nor its nonce's, past maxAgeMs.
  const stated = timeOr(data.expirationTime, Number.POSITIVE_INFINITY)
  const expiresAt = Math.min(stated, issuedAt + trust.maxAgeMs)
  if (now >= stated) return fail('expired', `expired at ${data.expirationTime}`)
  if (now >= expiresAt) return fail('expired', `issued more than ${trust.maxAgeMs} ms ago`)
  if (now < timeOr(data.notBefore, Number.NEGATIVE_INFINITY)) return fail('not_yet_valid', `not valid before ${data.notBefore}`)
  if (issuedAt > now + trust.clockToleranceMs) return fail('issued_in_future', `issued at ${data.issuedAt}`)

  const namespace = siwxNamespaceOf(data.chainId)!
  let address: string | undefined
  try {
    const valid = await verifySignature({ namespace, chainId: data.chainId, address: data.accountAddress, message, signature, rpcUrl: trust.rpcUrls[data.chainId] })
    if (valid) address = await canonicalAddress(namespace, data.accountAddress)
  } catch (error) {
    return fail(
      'verifier_error',
      // Stryker disable next-line StringLiteral: unreachable, every check throws Errors only (viem, noble, bitcoinjs-lib, BaseError); the text guards a future library that throws something else
      error instanceof Error ? error.message : 'the signature could not be checked',
    )
  }
  if (address === undefined) return fail('invalid_signature', `the signature is not from ${data.accountAddress} on ${data.chainId}`)
  // Recorded only once the signature holds, so a forged attempt cannot burn someone's nonce.
  let recorded: unknown
  try {
    recorded = await trust.nonces.consume(data.nonce, { now, expiresAt })
  } catch (error) {
    return fail('verifier_error', `the nonce store failed: ${error instanceof Error ? error.message : 'unknown error'}`)
  }
  if (recorded === 'full') return fail('nonce_store_full', 'the nonce store is full of live sign-ins; try again later')
  if (recorded === 'unknown') return fail('nonce_unknown', 'this nonce was not issued here, or its time ran out')
  if (recorded !== true) return fail('nonce_reused', 'this nonce was already used')
  return { ok: true, address, chainId: data.chainId }
}
