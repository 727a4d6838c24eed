import { z } from 'zod'
import type { ConnectionStatus } from '../core/actions/types.js'
import { INVALID_ADDRESS, INVALID_NETWORK_ID, isCaipAddress, isCaipNetworkId } from '../core/chains/caip.js'
import { CHAIN_NAMESPACES } from '../core/chains/index.js'
import type { CaipAddress, CaipNetworkId } from '../core/chains/index.js'

/**
 * Building blocks for the per-key schemas. Every string, array and record is
 * bounded: storage is attacker-reachable (other scripts on the origin, a
 * tampered profile), so an unbounded value must never reach state or a render.
 */

export const MAX_TEXT = 256
export const MAX_URL = 2048
/** Cache records keep at most this many entries (addresses or names). */
export const MAX_CACHE_ENTRIES = 100

export const text = z.string().min(1).max(MAX_TEXT)

export const namespaceSchema = z.enum(CHAIN_NAMESPACES)

export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected']) satisfies z.ZodType<ConnectionStatus>

/**
 * The core CAIP checks, behind a length cap so a megabyte string is not split on `:`. Built here
 * rather than from `caipNetworkIdSchema`: `airlock` re-exports that module, so a lazy user of it
 * would pull it, and zod, into the page's initial JavaScript (issue #7).
 */
export const caipNetworkId = z
  .string()
  .max(MAX_TEXT)
  .pipe(z.string().refine(isCaipNetworkId, { message: INVALID_NETWORK_ID }))
  .transform((value) => value as CaipNetworkId)

export const caipAddress = z
  .string()
  .max(MAX_TEXT)
  .pipe(z.string().refine(isCaipAddress, { message: INVALID_ADDRESS }))
  .transform((value) => value as CaipAddress)

/** A record key that cannot alias `Object.prototype` members once it is used as a property. */
export const safeKey = z
  .string()
  .min(1)
  .max(MAX_TEXT)
  .refine((key) => !(key in Object.prototype), 'Invalid key')

/** A finite, non-negative number of milliseconds since the epoch. */
export const timestamp = z.number().finite().nonnegative()

export const socialProviderSchema = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'])

export const accountTypeSchema = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal'])

/**
 * A record keyed by chain namespace. `z.record` with an enum key rejects any
 * other key, including an own `__proto__` left by `JSON.parse`.
 * @example perNamespace(z.string()).parse({ eip155: 'io.metamask' })
 */
export function perNamespace<T extends z.ZodTypeAny>(value: T) {
  return z.record(namespaceSchema, value)
}

/** Deep links may use a wallet's own scheme (`metamask://`), never a script-running one. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:'])

export const deepLinkHref = z
  .string()
  .max(MAX_URL)
  .refine((value) => {
    try {
      const url = new URL(value)
      return !FORBIDDEN_SCHEMES.has(url.protocol) && (url.protocol !== 'http:' || url.hostname === 'localhost')
    }
    // Stryker disable next-line BlockStatement: an empty catch returns undefined, which fails the refine exactly as false does
    catch {
      return false
    }
  }, 'Invalid url')

/** Icons come from APIs and end up in `<img src>`: only https or inline images. */
export const iconUrl = z
  .string()
  .max(MAX_URL)
  .refine((value) => value === '' || value.startsWith('https://') || value.startsWith('data:image/'), 'Invalid url')

const decimalString = z.string().max(100).regex(/^\d+(\.\d+)?$/)
const finite = z.number().finite()

/** SPEC 3 "Token balance"; `address` is absent for the native token. */
export const tokenBalanceSchema = z
  .object({
    name: z.string().max(MAX_TEXT),
    symbol: z.string().max(MAX_TEXT),
    chainId: caipNetworkId,
    address: z.string().max(MAX_TEXT).optional(),
    value: finite.optional(),
    price: finite,
    quantity: z.object({ decimals: z.string().regex(/^\d{1,3}$/), numeric: decimalString }).strict(),
    iconUrl: iconUrl.optional(),
  })
  .strict()

export const nativeBalanceSchema = z.object({ balance: decimalString, symbol: z.string().max(MAX_TEXT) }).strict()

/** A name and its addresses per ENSIP-11 coin type. */
export const nameRecordSchema = z
  .object({
    name: text,
    addresses: z.record(z.string().regex(/^\d{1,12}$/), z.string().min(1).max(MAX_TEXT)).refine((r) => Object.keys(r).length <= 32),
  })
  .strict()

export const identitySchema = z.object({ name: z.string().max(MAX_TEXT).nullable(), avatar: iconUrl.nullable() }).strict()

/**
 * A cache: `{ [address or name]: { timestamp, value } }`. The expiry itself
 * (SPEC 9) is the reader's job, with the scheduler's clock.
 * @example cacheSchema(caipAddress, nativeBalanceSchema).parse({ 'eip155:1:0xabc': { timestamp: 1, value: { balance: '1', symbol: 'ETH' } } })
 */
export function cacheSchema<K extends z.ZodType<string>, V extends z.ZodTypeAny>(key: K, value: V) {
  return z
    .record(key, z.object({ timestamp, value }).strict())
    .refine((record) => Object.keys(record).length <= MAX_CACHE_ENTRIES, `At most ${MAX_CACHE_ENTRIES} entries`)
}

/**
 * True when every item is distinct (for sets stored as arrays).
 * @example unique([1, 1]) // false
 */
export function unique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length
}
