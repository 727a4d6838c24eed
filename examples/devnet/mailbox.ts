import { randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody } from './httpServer.js'
import { isLoopbackHost, isLoopbackOrigin } from './loopback.js'

/**
 * The dev mailbox: where the dev frame's one-time codes "arrive". The frame asks the gateway to
 * send a code (`POST /dev/mailbox/{email}`), the person (or a test) reads it
 * (`GET /dev/mailbox/{email}`, or the `npm start` terminal), types it in the app, and the frame
 * checks it (`POST /dev/mailbox/{email}/verify`). The frame never sees a code it did not get typed.
 * Only this machine may ask (issue L-13): a request from another site's page is refused, and a code
 * is void after `MAX_CODE_ATTEMPTS` wrong tries.
 */
export type MailPurpose = 'login' | 'updatePrimary' | 'updateSecondary'
export const MAIL_PURPOSES: readonly MailPurpose[] = ['login', 'updatePrimary', 'updateSecondary']

export interface MailEntry {
  readonly code: string
  /** Milliseconds since the epoch. */
  readonly sentAt: number
  readonly purpose: MailPurpose
}

/** Wrong tries a code survives; the next wrong one voids it (a 6-digit code must not be guessable). */
export const MAX_CODE_ATTEMPTS = 5
export const CODE_VOID_MESSAGE = 'Too many wrong codes: this code no longer works. Ask for a new code.'
export const LOOPBACK_ONLY_MESSAGE = 'The dev mailbox answers pages on this machine only (localhost, 127.0.0.1, [::1])'

/**
 * What a check of a code found: `valid` (now used up), `wrong` (`attemptsLeft` more tries), `void`
 * (too many wrong tries: even the right code no longer works), or `none` (no unused, unexpired code).
 */
export type MailCheck = { result: 'valid' } | { result: 'wrong'; attemptsLeft: number } | { result: 'void' } | { result: 'none' }

export interface Mailbox {
  /** Makes a fresh 6-digit code for `email` and keeps it (all codes are kept; the cooldown is the app's job). */
  send(email: string, purpose: MailPurpose): MailEntry
  /** Every code sent to `email`, newest first. */
  list(email: string): MailEntry[]
  /** True once for the newest unused, unexpired code of that purpose; it is used up then. */
  verify(email: string, code: string, purpose: MailPurpose): boolean
  /** `verify` with the reason: wrong tries count against the newest code of that purpose. */
  check(email: string, code: string, purpose: MailPurpose): MailCheck
}

export interface MailboxOptions {
  /** Where "sent" codes are printed (the `npm start` terminal); default: nowhere. */
  log?: (line: string) => void
  now?: () => number
  /** Codes expire after this (default 10 minutes). */
  ttlMs?: number
}

/** At most this many codes per address are kept (a loop in a test must not eat memory). */
const MAX_PER_ADDRESS = 50
const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,189}$/

/** The address as a key: trimmed, lower case, or null when it is not an email address. */
export function mailboxAddress(raw: string): string | null {
  const email = raw.trim().toLowerCase()
  return email.length <= 254 && EMAIL.test(email) ? email : null
}

export function createMailbox(options: MailboxOptions = {}): Mailbox {
  const now = options.now ?? Date.now
  const ttl = options.ttlMs ?? 10 * 60_000
  const boxes = new Map<string, (MailEntry & { used: boolean; wrong: number })[]>()
  const check = (email: string, code: string, purpose: MailPurpose): MailCheck => {
    const key = mailboxAddress(email)
    const entry = key ? boxes.get(key)?.find((e) => e.purpose === purpose) : undefined
    if (!entry || entry.used || now() - entry.sentAt > ttl) return { result: 'none' }
    if (entry.wrong >= MAX_CODE_ATTEMPTS) return { result: 'void' }
    if (entry.code !== code) {
      entry.wrong += 1
      return entry.wrong >= MAX_CODE_ATTEMPTS ? { result: 'void' } : { result: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - entry.wrong }
    }
    entry.used = true
    return { result: 'valid' }
  }
  return {
    send(email, purpose) {
      const key = mailboxAddress(email)
      if (!key) throw new Error('Invalid email')
      const entry = { code: String(randomInt(0, 1_000_000)).padStart(6, '0'), sentAt: now(), purpose, used: false, wrong: 0 }
      const box = boxes.get(key) ?? []
      box.unshift(entry)
      box.length = Math.min(box.length, MAX_PER_ADDRESS)
      boxes.set(key, box)
      options.log?.(`[mailbox] ${key}: ${purpose} code ${entry.code}`)
      return { code: entry.code, sentAt: entry.sentAt, purpose }
    },
    list(email) {
      const key = mailboxAddress(email)
      return (key ? (boxes.get(key) ?? []) : []).map(({ code, sentAt, purpose }) => ({ code, sentAt, purpose }))
    },
    verify: (email, code, purpose) => check(email, code, purpose).result === 'valid',
    check,
  }
}

/**
 * The mailbox's HTTP routes on the gateway; returns false for any other path. Every route answers
 * only requests from this machine (no `Origin`, or a loopback one, and a loopback `Host`): 403 else.
 * - `GET /dev/mailbox/{email}` → `[{ code, sentAt, purpose }]`, newest first
 * - `POST /dev/mailbox/{email}` `{ purpose }` → 201 `{ sent: true, sentAt }` (never the code)
 * - `POST /dev/mailbox/{email}/verify` `{ code, purpose }` → `{ valid }` (`attemptsLeft` after a
 *   wrong code), or 429 `{ valid: false, message }` once the code is void
 */
export async function mailboxRoute(mailbox: Mailbox, req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean> {
  const match = /^\/dev\/mailbox\/([^/]+)(\/verify)?$/.exec(url.pathname)
  if (!match) return false
  if (!isLoopbackOrigin(req.headers.origin) || !isLoopbackHost(req.headers.host)) return reply(res, 403, { message: LOOPBACK_ONLY_MESSAGE })
  let email: string | null
  try {
    email = mailboxAddress(decodeURIComponent(match[1]!))
  } catch {
    email = null
  }
  if (!email) return reply(res, 400, { message: 'Invalid email' })
  if (req.method === 'GET' && !match[2]) return reply(res, 200, mailbox.list(email))
  if (req.method !== 'POST') return reply(res, 405, { message: 'Method not allowed' })
  const body = await readJsonOrNull(req)
  const purpose = body && typeof body === 'object' && MAIL_PURPOSES.includes((body as { purpose?: MailPurpose }).purpose!) ? (body as { purpose: MailPurpose }).purpose : null
  if (!purpose) return reply(res, 400, { message: 'Invalid purpose' })
  if (!match[2]) return reply(res, 201, { sent: true, sentAt: mailbox.send(email, purpose).sentAt })
  const code = (body as { code?: unknown }).code
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return reply(res, 400, { message: 'Invalid code' })
  const checked = mailbox.check(email, code, purpose)
  if (checked.result === 'void') return reply(res, 429, { valid: false, message: CODE_VOID_MESSAGE })
  return reply(res, 200, { valid: checked.result === 'valid', ...(checked.result === 'wrong' ? { attemptsLeft: checked.attemptsLeft } : {}) })
}

function reply(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
  return true
}

/** The JSON body, or null when it is not JSON or over 4 KB. */
async function readJsonOrNull(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req, 4096)) as unknown
  } catch {
    return null
  }
}
