import { z } from 'zod'
import type { CaipNetworkId } from '../chains/types.js'
import { SIWX_SESSION_MS } from '../constants/timing.js'
import { BaseError } from '../errors/BaseError.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import { MAX_SIWX_MESSAGE_LENGTH, rfc3339ToMillis } from './siwxMessageSchema.js'
import { sameAccount } from './sameAccount.js'
import { siwxMessageFor } from './siwxMessageFor.js'
import type { SiwxConfig, SiwxSession } from './types.js'

export interface CreateServerSiwxParameters {
  /** Where the back end's `/siwx/` routes live: `https://api.dapp.example` (the page's own origin when they share it). */
  readonly url: string
  /** Sign-in is required: cancelling disconnects (default false). */
  readonly required?: boolean
  /** The statement line of the message (default: none). */
  readonly statement?: string
  readonly resources?: readonly string[]
  /** How long a signed message is valid (default 24 h); the back end may end the session sooner. */
  readonly expirationMs?: number
  /** The fetch to call the back end with (default: the page's; tests pass their own). */
  readonly fetch?: typeof fetch
}

/** The header the reference back end wants on every POST (a cross-site form cannot send one). */
export const SIWX_CSRF_HEADER = 'x-airlock-csrf'

const nonceAnswer = z.object({ nonce: z.string().regex(/^[A-Za-z0-9]{8,128}$/) })
const account = z.object({ address: z.string().min(1).max(128), chainId: z.string().min(3).max(64), message: z.string().min(1).max(MAX_SIWX_MESSAGE_LENGTH), signature: z.string().min(1).max(4096) })
const sessionAnswer = z.object({ session: z.object({ accounts: z.array(account).max(16), expiresAt: z.number() }).nullable() })
const failureAnswer = z.object({ reason: z.string().max(64), message: z.string().max(512) })

/**
 * A sign-in config for a dapp with a back end (the reference one is `examples/siwx-server/`): the
 * back end issues each nonce, verifies the signed message, keeps the session (an HttpOnly cookie)
 * and signs out; several back-end servers share their stores on Redis
 * (`airlock-kit/siwx/server`). Every answer is validated; failures carry the back end's reason.
 * @example createAirlock({ networks, siwx: createServerSiwx({ url: 'https://api.dapp.example', required: true }) })
 */
export function createServerSiwx(parameters: CreateServerSiwxParameters): SiwxConfig {
  const { required = false, expirationMs = SIWX_SESSION_MS } = parameters
  const base = parameters.url.replace(/\/+$/, '')
  const protocol = protocolOf(base)
  if (protocol !== 'https:' && protocol !== 'http:') throw new BaseError('createServerSiwx needs the back end URL', { code: 'invalid_options', details: `got ${parameters.url}` })
  const call = async <T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> => {
    const doFetch = parameters.fetch ?? globalThis.fetch
    // A read is a plain GET; a change is a POST with a JSON body and the CSRF header.
    const init: RequestInit = { method: 'GET', credentials: 'include', cache: 'no-store' }
    if (body !== undefined) Object.assign(init, { method: 'POST', headers: { 'content-type': 'application/json', [SIWX_CSRF_HEADER]: '1' }, body: JSON.stringify(body) })
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, init)
    } catch (error) {
      throw new BaseError('The sign-in server cannot be reached', { code: 'unreachable', details: error instanceof Error ? error.message : String(error) })
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const failure = failureAnswer.safeParse(json)
      throw new BaseError(failure.success ? failure.data.message : `The sign-in server answered HTTP ${response.status}`, { code: failure.success ? failure.data.reason : response.status })
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new BaseError('The sign-in server gave an answer Airlock cannot read', { code: 'invalid_answer', details: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
    return parsed.data
  }
  const sessionsOf = async (): Promise<SiwxSession[]> => {
    const { session } = await call('/siwx/session', sessionAnswer)
    if (!session) return []
    return session.accounts.flatMap((a): SiwxSession[] => {
      const parsed = parseSiwxMessage(a.message)
      return parsed.ok ? [{ data: parsed.data, message: a.message, signature: a.signature }] : []
    })
  }

  return {
    async createMessage(input) {
      const { nonce } = await call('/siwx/nonce', nonceAnswer)
      const issuedAt = rfc3339ToMillis(input.issuedAt) ?? 0
      return siwxMessageFor(input, { nonce, issuedAt: input.issuedAt, expirationTime: new Date(issuedAt + expirationMs).toISOString(), statement: parameters.statement, resources: parameters.resources })
    },
    async addSession(session) {
      await call('/siwx/verify', sessionAnswer, { message: session.message, signature: session.signature })
    },
    async getSessions(chainId, address) {
      return (await sessionsOf()).filter((s) => sameAccount(s.data, chainId, address))
    },
    async revokeSession() {
      await call('/siwx/signout', z.object({ ok: z.literal(true) }), {})
    },
    async setSessions(sessions) {
      if (sessions.length === 0) await call('/siwx/signout', z.object({ ok: z.literal(true) }), {})
      else await call('/siwx/verify', sessionAnswer, { sessions: sessions.map((s) => ({ message: s.message, signature: s.signature })) })
    },
    getRequired: () => required,
  }
}

/** The URL's scheme (`https:`), or '' for what is not a URL. */
function protocolOf(url: string): string {
  try {
    return new URL(url).protocol
  }
  // Stryker disable BlockStatement,StringLiteral: equivalent, whatever the catch returns (undefined, any text but a scheme) is refused as not http(s)
  catch {
    return ''
  }
  // Stryker restore BlockStatement,StringLiteral
}
