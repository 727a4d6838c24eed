import { asyncScheduler, type SchedulerLike } from 'rxjs'
import type { CaipNetworkId } from '../chains/types.js'
import { SIWX_SESSION_MS } from '../constants/timing.js'
import { BaseError } from '../errors/BaseError.js'
import { createLocalSessionStore, type SiwxSessionStore } from './createLocalSessionStore.js'
import { createNonce } from './createNonce.js'
import { rfc3339ToMillis } from './siwxMessageSchema.js'
import { sameAccount } from './sameAccount.js'
import { siwxMessageFor } from './siwxMessageFor.js'
import type { SiwxConfig, SiwxSession } from './types.js'
import { createSiwxVerifier, type SiwxVerifierOptions } from './verifySiwx.js'

export interface CreateDefaultSiwxParameters {
  /** Sign-in is required: cancelling disconnects, the modal cannot be closed without it (default false). */
  readonly required?: boolean
  /** The statement line of the message (default: none). */
  readonly statement?: string
  readonly resources?: readonly string[]
  /** How long a session lasts (default 24 h). */
  readonly expirationMs?: number
  /** Where sessions live (default: localStorage, else memory). */
  readonly storage?: SiwxSessionStore
  /** The clock (default asyncScheduler; tests pass a virtual one). */
  readonly scheduler?: SchedulerLike
  /** RPC URLs by CAIP-2 id, so smart-account signatures (EIP-1271 / EIP-6492) verify. */
  readonly rpcUrls?: SiwxVerifierOptions['rpcUrls']
}

/** How long a session lasts by default (public name; the value lives with the other timings). */
export const DEFAULT_SESSION_MS = SIWX_SESSION_MS
/** Messages created and not yet signed; more pending than this are forgotten oldest first. */
const MAX_PENDING = 20

/**
 * The built-in sign-in config: messages with a fresh CSPRNG nonce and the page's host,
 * signatures verified here with `verifySiwx` (domain, nonce once, times, the signer), and
 * sessions kept in localStorage. Enough for a site without a back end; a site with one
 * verifies again there, with `verifySiwx`.
 * @example createAirlock({ networks, siwx: createDefaultSiwx({ required: true, statement: 'Sign in to Example' }) })
 */
export function createDefaultSiwx(parameters: CreateDefaultSiwxParameters = {}): SiwxConfig {
  const { required = false, expirationMs = DEFAULT_SESSION_MS, scheduler = asyncScheduler, rpcUrls } = parameters
  const storage = parameters.storage ?? createLocalSessionStore()
  /** Nonces this config issued, by nonce: the page domain and chain they were issued for. */
  const pending = new Map<string, { domain: string; chainId: CaipNetworkId }>()
  const verify = createSiwxVerifier(rpcUrls ? { rpcUrls } : {})
  // One-click auth signs one nonce for several chains at once: `take` retires it, not a ledger.
  const verifyBatch = createSiwxVerifier({ ...(rpcUrls ? { rpcUrls } : {}), nonces: { consume: () => true } })
  const iso = (ms: number) => new Date(ms).toISOString()

  /** Takes a nonce this config issued, once: a second use, or a nonce from elsewhere, throws. */
  const take = (nonce: unknown): { domain: string; chainId: CaipNetworkId } => {
    // Stryker disable next-line ConditionalExpression: `→ true` is equivalent: pending's keys are all strings, so getting a non-string finds undefined either way
    const issued = typeof nonce === 'string' ? pending.get(nonce) : undefined
    if (!issued) throw new BaseError('This sign-in was not started here, or was already used', { code: 'unknown_nonce' })
    pending.delete(nonce as string)
    return issued
  }
  const check = async (session: SiwxSession, domain: string, chainId: CaipNetworkId | 'any', verifier = verify): Promise<SiwxSession> => {
    const result = await verifier({ message: session.message, signature: session.signature, domain, nonce: session.data.nonce, chainId, now: scheduler.now() })
    if (!result.ok) throw new BaseError('The signature could not be verified', { code: result.reason, details: result.details })
    const { parseSiwxMessage } = await import('./parseSiwxMessage.js')
    const parsed = parseSiwxMessage(session.message)
    // Keep the fields the signed text says, not what the caller claims.
    return { data: parsed.ok ? parsed.data : session.data, message: session.message, signature: session.signature, ...(session.cacao ? { cacao: session.cacao } : {}) }
  }
  const live = (session: SiwxSession, now: number) => {
    const expires = session.data.expirationTime === undefined ? Number.POSITIVE_INFINITY : rfc3339ToMillis(session.data.expirationTime) ?? 0
    const notBefore = session.data.notBefore === undefined ? 0 : rfc3339ToMillis(session.data.notBefore) ?? Number.POSITIVE_INFINITY
    return now < expires && now >= notBefore
  }

  return {
    async createMessage(input) {
      const now = scheduler.now()
      const nonce = createNonce()
      const message = siwxMessageFor(input, { nonce, issuedAt: iso(now), expirationTime: iso(now + expirationMs), statement: parameters.statement, resources: parameters.resources })
      pending.set(nonce, { domain: input.domain, chainId: input.chainId })
      if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value!)
      return message
    },
    async addSession(session) {
      const issued = take(session.data?.nonce)
      const checked = await check(session, issued.domain, issued.chainId)
      const kept = (await storage.read()).filter((s) => !sameAccount(s.data, checked.data.chainId, checked.data.accountAddress))
      await storage.write([...kept, checked])
    },
    async getSessions(chainId, address) {
      const now = scheduler.now()
      return (await storage.read()).filter((s) => sameAccount(s.data, chainId, address) && live(s, now))
    },
    async revokeSession(chainId, address) {
      const sessions = await storage.read()
      await storage.write(sessions.filter((s) => !sameAccount(s.data, chainId, address)))
    },
    async setSessions(sessions) {
      // One-click auth signs one nonce for every chain the app requested (which this config never
      // saw): each session checked on its own chain, the nonce retired once for the batch.
      const issued = new Map([...new Set(sessions.map((session) => session.data?.nonce))].map((nonce) => [nonce, take(nonce)]))
      const checked = await Promise.all(sessions.map((session) => check(session, issued.get(session.data.nonce)!.domain, 'any', verifyBatch)))
      await storage.write(checked)
    },
    getRequired: () => required,
  }
}
