import { z } from 'zod'
import type { CaipNetworkId } from '../chains/types.js'
import type { SiwxMessageData } from './types.js'

/** The namespaces a sign-in message can name (SPEC: EVM, Solana, Bitcoin). */
export const SIWX_NAMESPACES = ['eip155', 'solana', 'bip122'] as const
export type SiwxNamespace = (typeof SIWX_NAMESPACES)[number]

/** Longer than any honest message (a few hundred bytes); hostile input stops here. */
export const MAX_SIWX_MESSAGE_LENGTH = 16_384

/** Every character that ends a line somewhere: one inside a field would forge another field. */
export const LINE_BREAK = /[\n\r\u000b\u000c\u0085\u2028\u2029]/
/** Other control characters have no business in a message a person reads before signing. */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/

const CHAIN_ID: Record<SiwxNamespace, RegExp> = {
  eip155: /^eip155:[1-9][0-9]{0,15}$/,
  solana: /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
  bip122: /^bip122:[0-9a-f]{32}$/,
}
/**
 * Address shapes, checked cheaply here (this module is on the sign-in path of the page);
 * the verifiers check checksums and keys. EIP-4361 wants the 0x prefix.
 */
const ADDRESS: Record<SiwxNamespace, RegExp> = {
  eip155: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  bip122: /^(?:[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/,
}
/** RFC 3986 authority without user info: a DNS name, IPv4 or [IPv6], and an optional port. */
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/
const NONCE = /^[A-Za-z0-9]{8,128}$/
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/

/** True for a host with an optional port (`dapp.example`, `127.0.0.1:5173`): what `domain` holds. */
export function isSiwxDomain(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 260 && DOMAIN.test(value)
}

/** The namespace of a CAIP-2 id when sign-in supports it. */
export function siwxNamespaceOf(chainId: string): SiwxNamespace | undefined {
  const namespace = chainId.slice(0, chainId.indexOf(':'))
  return (SIWX_NAMESPACES as readonly string[]).includes(namespace) && CHAIN_ID[namespace as SiwxNamespace].test(chainId) ? (namespace as SiwxNamespace) : undefined
}

/**
 * Milliseconds since the epoch of an RFC 3339 date-time, or undefined when it is malformed
 * or names a day that does not exist (JavaScript would roll `02-30` over to March).
 * @example rfc3339ToMillis('2026-01-01T00:00:00Z') // 1767225600000
 */
export function rfc3339ToMillis(value: string): number | undefined {
  const match = RFC3339.exec(value)
  if (!match) return undefined
  // A `Z` leaves the offset groups unmatched, so NaN here, and NaN > 23 is false.
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = match.slice(1).map(Number) as number[]
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate()
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour! > 23 || minute! > 59 || second! > 59) return undefined
  if (offsetHour! > 23 || offsetMinute! > 59) return undefined
  const millis = Date.parse(value)
  return Number.isFinite(millis) ? millis : undefined
}

const line = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => !LINE_BREAK.test(value), 'must not contain line breaks')
    .refine((value) => !CONTROL.test(value), 'must not contain control characters')
const pattern = (regex: RegExp, message: string, max: number) => line(max).refine((value) => regex.test(value), message)
const time = line(64).refine((value) => rfc3339ToMillis(value) !== undefined, 'must be an RFC 3339 date-time')
const uri = pattern(URI, 'must be a URI', 2048)

/**
 * The fields of a sign-in message, validated before it is formatted, signed or trusted:
 * no line breaks anywhere, a host for the domain, a nonce of at least 8 alphanumerics,
 * an address and chain the namespace knows, and real RFC 3339 times.
 */
export const siwxMessageDataSchema = z
  .object({
    accountAddress: line(128),
    chainId: line(64).refine((value) => siwxNamespaceOf(value) !== undefined, 'must be an eip155, solana or bip122 CAIP-2 id') as unknown as z.ZodType<CaipNetworkId>,
    domain: pattern(DOMAIN, 'must be a host, with an optional port', 260),
    uri,
    version: z.literal('1'),
    nonce: pattern(NONCE, 'must be at least 8 letters or digits', 128),
    issuedAt: time.optional(),
    expirationTime: time.optional(),
    notBefore: time.optional(),
    requestId: line(256).optional(),
    statement: line(1024).optional(),
    resources: z.array(uri).min(1).max(100).optional(),
  })
  .strict()
  .superRefine((data, ctx) => {
    const namespace = siwxNamespaceOf(data.chainId)
    if (namespace && !ADDRESS[namespace].test(data.accountAddress)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['accountAddress'], message: `must be a ${namespace} address` })
    }
  }) as unknown as z.ZodType<SiwxMessageData>

/** The plain fields of a message object (its `toString` and anything else dropped). */
export function pickMessageData(message: SiwxMessageData): SiwxMessageData {
  const out: Record<string, unknown> = {}
  for (const key of MESSAGE_KEYS) if (message[key] !== undefined) out[key] = key === 'resources' ? [...message.resources!] : message[key]
  return out as unknown as SiwxMessageData
}

const MESSAGE_KEYS = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'statement', 'resources'] as const

/** One readable line out of a zod error: `domain: must be a host…; nonce: …`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ')
}
