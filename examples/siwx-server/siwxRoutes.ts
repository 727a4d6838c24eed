import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import { matchOrigin } from '../../core/options/origins.js'
import { SIWX_CSRF_HEADER } from '../../core/siwx/createServerSiwx.js'
import { parseSiwxMessage } from '../../core/siwx/parseSiwxMessage.js'
import { rfc3339ToMillis } from '../../core/siwx/siwxMessageSchema.js'
import { createSiwxVerifier, type SiwxVerifierOptions, type SiwxVerifyResult } from '../../core/siwx/verifySiwx.js'
import type { SiwxNonceStore, SiwxServerAccount, SiwxServerSession, SiwxServerSessionStore } from '../../core/siwx/server/index.js'
import { BodyTooLarge, readBody } from '../devnet/httpServer.js'
import { isLoopbackHost } from '../devnet/loopback.js'

/** Every state-changing call must carry it (a custom header: a cross-site form cannot send one, and CORS grants only allowed origins). */
const CSRF_HEADER = SIWX_CSRF_HEADER
export const SESSION_COOKIE = 'airlock_siwx'
const SESSION_MS = 24 * 60 * 60_000
const BODY_LIMIT = 64 * 1024

export interface SiwxRoutesOptions {
  readonly nonces: SiwxNonceStore
  readonly sessions: SiwxServerSessionStore
  /**
   * Page origins that may sign in, as in the project's `allowedOrigins` option (`*` stands for a
   * label run or a port: `https://*.example.com`, `http://localhost:*`). No defaults: a back end
   * lists its own. Read on every request (a getter may change it).
   */
  readonly allowedOrigins: readonly string[]
  /** The chains accepted (default: any chain Airlock can verify). */
  readonly chainIds?: readonly string[] | 'any'
  /** How long a session lasts at most (default 24 h; never past the message's own expiry). */
  readonly sessionMs?: number
  /** RPC URLs by CAIP-2 id, so smart-account signatures (EIP-1271, EIP-6492) verify. */
  readonly rpcUrls?: SiwxVerifierOptions['rpcUrls']
  readonly clock?: () => number
  /**
   * Whether the session cookie is `Secure` (default: yes unless the request's Host header names
   * this machine). Behind a proxy that does not pass the original Host on, set it to true.
   */
  readonly secureCookies?: boolean
}

const item = z.object({ message: z.string().min(1).max(16_384), signature: z.string().min(1).max(4096) }).strict()
/** `POST /siwx/verify`: one signed message, or the several of one-click auth (one nonce for them all). */
const verifyBody = z.union([item, z.object({ sessions: z.array(item).min(1).max(16) }).strict()])

type Answer = { status: number; body: unknown; cookie?: string }

/**
 * The sign-in routes of a back end, for Node's `http` (or anything with its request and response):
 * - `GET /siwx/nonce` → `{ nonce }`, issued with a time to live
 * - `POST /siwx/verify` `{ message, signature }` → `{ session }` and the session cookie
 * - `GET /siwx/session` → `{ session }` (null when signed out)
 * - `POST /siwx/signout` → `{ ok: true }`, the session revoked in the shared store
 * Calls from a page come with its `Origin`, which must be allowed (CORS with credentials is
 * answered for those origins only); the message's domain must be that origin's host. POSTs also
 * need `x-airlock-csrf: 1` and a JSON body. Returns false for paths outside `/siwx/`.
 * @example const routes = createSiwxRoutes({ nonces, sessions, allowedOrigins: ['https://dapp.example'] }); createServer(async (req, res) => (await routes(req, res)) || notFound(res))
 */
export function createSiwxRoutes(options: SiwxRoutesOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const { nonces, sessions, chainIds = 'any', sessionMs = SESSION_MS, clock = Date.now } = options
  const rpc = options.rpcUrls ? { rpcUrls: options.rpcUrls } : {}
  const verify = createSiwxVerifier({ ...rpc, nonces })
  // One-click auth: each message checked on its own, the shared nonce then consumed once.
  const verifyEach = createSiwxVerifier({ ...rpc, nonces: { consume: () => true } })
  const allowed = (origin: string | undefined): origin is string => origin !== undefined && options.allowedOrigins.some((pattern) => matchOrigin(origin, pattern))

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://server')
    if (!url.pathname.startsWith('/siwx/')) return false
    const origin = req.headers.origin
    // A page of another site gets no CORS grant, so it can neither read answers nor send POSTs with the header.
    const cors: Record<string, string> = allowed(origin) ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' } : { vary: 'Origin' }
    const send = ({ status, body, cookie }: Answer): true => {
      res.writeHead(status, { ...cors, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) })
      res.end(JSON.stringify(body))
      return true
    }
    if (origin !== undefined && !allowed(origin)) return send({ status: 403, body: { reason: 'forbidden_origin', message: `${origin} is not an allowed origin of this back end` } })
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': `content-type, ${CSRF_HEADER}`, 'access-control-max-age': '600' })
      res.end()
      return true
    }
    try {
      return send(await route(url.pathname, req, origin))
    } catch (error) {
      if (error instanceof BodyTooLarge) return send({ status: 413, body: { reason: 'too_large', message: error.message } })
      // A store that is down (Redis restarting): nobody is signed in or out by mistake, and the page is told to retry.
      return send({ status: 503, body: { reason: 'unavailable', message: 'Sign-in is unavailable right now; try again in a moment.', details: error instanceof Error ? error.message : String(error) } })
    }
  }

  async function route(path: string, req: IncomingMessage, origin: string | undefined): Promise<Answer> {
    const secure = options.secureCookies ?? !isLoopbackHost(req.headers.host ?? '')
    const cookieId = readCookie(req.headers.cookie, SESSION_COOKIE)
    const post = req.method === 'POST'
    if (post) {
      // Cookie-authenticated and state-changing: an allowed Origin, the custom header and a JSON body.
      if (origin === undefined) return { status: 403, body: { reason: 'forbidden_origin', message: 'A sign-in request must come from an allowed page (no Origin header)' } }
      if (req.headers[CSRF_HEADER] !== '1' || !/^application\/json\b/.test(req.headers['content-type'] ?? '')) return { status: 403, body: { reason: 'csrf', message: `Send JSON with the ${CSRF_HEADER}: 1 header` } }
    }
    if (path === '/siwx/nonce' && req.method === 'GET') return { status: 200, body: { nonce: await nonces.issue() } }
    if (path === '/siwx/session' && req.method === 'GET') {
      const session = cookieId ? await sessions.read(cookieId, clock()) : null
      return { status: 200, body: { session: session && publicSession(session) }, ...(cookieId && !session ? { cookie: clearCookie(secure) } : {}) }
    }
    if (path === '/siwx/signout' && post) {
      if (cookieId) await sessions.revoke(cookieId)
      return { status: 200, body: { ok: true }, cookie: clearCookie(secure) }
    }
    if (path === '/siwx/verify' && post) {
      let json: unknown
      try {
        json = JSON.parse(await readBody(req, BODY_LIMIT))
      } catch (error) {
        if (error instanceof BodyTooLarge) throw error
        return { status: 400, body: { reason: 'invalid_input', message: 'The body is not JSON' } }
      }
      const body = verifyBody.safeParse(json)
      if (!body.success) return { status: 400, body: { reason: 'invalid_input', message: body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') } }
      const items = 'sessions' in body.data ? body.data.sessions : [body.data]
      const accounts = await verifyAll(items, new URL(origin!).host)
      if (!Array.isArray(accounts)) return accounts
      const now = clock()
      const ends = items.map(({ message }) => {
        const parsed = parseSiwxMessage(message)
        return parsed.ok && parsed.data.expirationTime ? (rfc3339ToMillis(parsed.data.expirationTime) ?? now) : Number.POSITIVE_INFINITY
      })
      const expiresAt = Math.min(now + sessionMs, ...ends)
      // A new sign-in replaces this browser's old session.
      if (cookieId) await sessions.revoke(cookieId)
      const session = await sessions.create({ accounts, createdAt: now, expiresAt })
      return { status: 200, body: { session: publicSession(session) }, cookie: sessionCookie(session, now, secure) }
    }
    if (['/siwx/nonce', '/siwx/session', '/siwx/signout', '/siwx/verify'].includes(path)) return { status: 405, body: { reason: 'method_not_allowed', message: `${req.method} is not allowed on ${path}` } }
    return { status: 404, body: { reason: 'not_found', message: `No route ${path}` } }
  }

  async function verifyAll(items: readonly { message: string; signature: string }[], domain: string): Promise<SiwxServerAccount[] | Answer> {
    const now = clock()
    const refuse = (result: Extract<SiwxVerifyResult, { ok: false }>): Answer =>
      // verifier_error: the check itself could not run (a store or RPC down), not the user's fault.
      result.reason === 'verifier_error'
        ? { status: 503, body: { reason: 'unavailable', message: 'Sign-in is unavailable right now; try again in a moment.', details: result.details } }
        : { status: 401, body: { reason: result.reason, message: 'The signature could not be verified', details: result.details } }
    const nonceOf = (message: string) => {
      const parsed = parseSiwxMessage(message)
      return parsed.ok ? parsed.data.nonce : ''
    }
    const nonce = nonceOf(items[0]!.message)
    if (items.some(({ message }) => nonceOf(message) !== nonce)) return { status: 400, body: { reason: 'invalid_input', message: 'One sign-in carries one nonce for all its messages' } }
    const one = items.length === 1 ? verify : verifyEach
    const results = await Promise.all(items.map(({ message, signature }) => one({ message, signature, domain, nonce, chainId: chainIds === 'any' ? 'any' : (chainIds as never), now })))
    const failed = results.find((r): r is Extract<SiwxVerifyResult, { ok: false }> => !r.ok)
    if (failed) return refuse(failed)
    if (items.length > 1) {
      const consumed = await nonces.consume(nonce, { now, expiresAt: now + sessionMs })
      if (consumed !== true) return { status: 401, body: { reason: consumed === 'unknown' ? 'nonce_unknown' : 'nonce_reused', message: 'The signature could not be verified' } }
    }
    return results.map((r, i) => {
      const ok = r as Extract<SiwxVerifyResult, { ok: true }>
      return { address: ok.address, chainId: ok.chainId, message: items[i]!.message, signature: items[i]!.signature }
    })
  }
}

/** What a page may see of a session: its accounts, messages and signatures (public anyway) and its end; never the id. */
function publicSession(session: SiwxServerSession) {
  return { accounts: session.accounts, expiresAt: session.expiresAt }
}

function sessionCookie(session: SiwxServerSession, now: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - now) / 1000))
  return `${SESSION_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`
}

function clearCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
}

/** One cookie's value from a Cookie header (the last one wins when a name repeats). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  let value: string | undefined
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) value = part.slice(eq + 1).trim()
  }
  return value || undefined
}
