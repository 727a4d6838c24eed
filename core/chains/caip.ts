import { BaseError } from '../errors/BaseError.js'
import { CHAIN_NAMESPACES } from './types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js'

export const INVALID_ADDRESS = 'Invalid CAIP address'
export const INVALID_NETWORK_ID = 'Invalid CAIP network id'

/** Values arrive from wallets, storage and frames: never echo an unbounded string into an error. */
function preview(value: unknown): string {
  if (typeof value !== 'string') return `a ${value === null ? 'null' : typeof value}`
  return JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value)
}

function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

/**
 * Splits `value` into exactly `count` non-empty parts with a known namespace, or returns why not.
 * One shared check keeps the parsers and the `is*` guards from drifting apart.
 */
function split(value: unknown, count: number): { parts: [ChainNamespace, ...string[]] } | { reason: string } {
  if (typeof value !== 'string') return { reason: `expected a string, got ${preview(value)}` }
  const parts = value.split(':')
  if (parts.length !== count) return { reason: `expected ${count} colon-separated parts, got ${parts.length} in ${preview(value)}` }
  const empty = parts.findIndex((part) => part.length === 0)
  if (empty !== -1) return { reason: `part ${empty + 1} is empty in ${preview(value)}` }
  const [namespace, ...rest] = parts as [string, ...string[]]
  if (!isChainNamespace(namespace)) {
    return { reason: `unknown namespace ${preview(namespace)}, expected one of ${CHAIN_NAMESPACES.join(', ')}` }
  }
  return { parts: [namespace, ...rest] }
}

/**
 * Parses a chain-qualified (CAIP-10) address; throws `Invalid CAIP address` unless it has
 * exactly 3 non-empty parts and a known namespace (SPEC 5).
 * @example parseCaipAddress('eip155:1:0xabc') // { chainNamespace: 'eip155', chainId: '1', address: '0xabc' }
 */
export function parseCaipAddress(value: string): { chainNamespace: ChainNamespace; chainId: string; address: string } {
  const result = split(value, 3)
  if ('reason' in result) throw new BaseError(INVALID_ADDRESS, { details: result.reason })
  const [chainNamespace, chainId, address] = result.parts
  return { chainNamespace, chainId: chainId!, address: address! }
}

/**
 * Parses a CAIP-2 network id; throws `Invalid CAIP network id` unless it has exactly 2 non-empty parts and a known namespace.
 * @example parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // { chainNamespace: 'solana', chainId: '5eykt…' }
 */
export function parseCaipNetworkId(value: string): { chainNamespace: ChainNamespace; chainId: string } {
  const result = split(value, 2)
  if ('reason' in result) throw new BaseError(INVALID_NETWORK_ID, { details: result.reason })
  const [chainNamespace, chainId] = result.parts
  return { chainNamespace, chainId: chainId! }
}

/**
 * True when `value` is a well-formed CAIP address; never throws.
 * @example isCaipAddress('eip155:1:0xabc') // true
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return 'parts' in split(value, 3)
}

/**
 * True when `value` is a well-formed CAIP network id; never throws.
 * @example isCaipNetworkId('eip155:1') // true
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return 'parts' in split(value, 2)
}

/**
 * Joins a network id and an address; throws `Invalid CAIP address` when the result would not parse back
 * (an empty address or one containing `:`), so a bad id can never enter state.
 * @example toCaipAddress('eip155:1', '0xabc') // 'eip155:1:0xabc'
 */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  const value = `${networkId}:${address}`
  parseCaipAddress(value)
  return value as CaipAddress
}

/**
 * Builds a CAIP-2 network id; throws `Invalid CAIP network id` for an empty or colon-containing chain id,
 * or a numeric id that is not a non-negative safe integer (e.g. NaN would otherwise become `eip155:NaN`).
 * @example toCaipNetworkId('eip155', 1) // 'eip155:1'
 */
export function toCaipNetworkId(namespace: ChainNamespace, chainId: string | number): CaipNetworkId {
  if (typeof chainId === 'number' && !(Number.isSafeInteger(chainId) && chainId >= 0)) {
    throw new BaseError(INVALID_NETWORK_ID, { details: `chain id must be a non-negative safe integer, got ${chainId}` })
  }
  const value = `${namespace}:${chainId}`
  parseCaipNetworkId(value)
  return value as CaipNetworkId
}
