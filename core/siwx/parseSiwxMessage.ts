import type { CaipNetworkId } from '../chains/types.js'
import { SIWX_BLOCKCHAIN_NAMES } from './formatSiwxMessage.js'
import { describeIssues, MAX_SIWX_MESSAGE_LENGTH, siwxMessageDataSchema } from './siwxMessageSchema.js'
import type { SiwxMessageData } from './types.js'

export { MAX_SIWX_MESSAGE_LENGTH }

export type ParseSiwxMessageResult = { readonly ok: true; readonly data: SiwxMessageData } | { readonly ok: false; readonly reason: string }

const HEADER = /^(\S+) wants you to sign in with your (\S+) account:$/
const NAMESPACE_BY_NAME = new Map(Object.entries(SIWX_BLOCKCHAIN_NAMES).map(([namespace, name]) => [name, namespace]))

class Malformed extends Error {}

/**
 * Parses the text of an EIP-4361 or CAIP-122 message back into its fields, strictly: the
 * fields in their order, nothing before or after, then the same validation as formatting.
 * Never throws; `parseSiwxMessage(formatSiwxMessage(m))` gives `m` back.
 * @example const result = parseSiwxMessage(text); if (result.ok) result.data.nonce
 */
export function parseSiwxMessage(text: unknown): ParseSiwxMessageResult {
  if (typeof text !== 'string') return { ok: false, reason: 'message must be a string' }
  if (text.length > MAX_SIWX_MESSAGE_LENGTH) return { ok: false, reason: 'message is too long' }
  try {
    const candidate = readFields(text.split('\n'))
    const parsed = siwxMessageDataSchema.safeParse(candidate)
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, reason: describeIssues(parsed.error) }
  } catch (error) {
    // Stryker disable next-line StringLiteral: unreachable fallback, readFields throws only Malformed on a string (kept so parse never throws)
    return { ok: false, reason: error instanceof Malformed ? error.message : 'message is malformed' }
  }
}

function readFields(lines: string[]): Record<string, unknown> {
  // split always yields at least one element, so there is a first line
  const header = HEADER.exec(lines[0]!)
  const namespace = header ? NAMESPACE_BY_NAME.get(header[2]!) : undefined
  if (!header || !namespace) throw new Malformed('the first line must be "<domain> wants you to sign in with your <chain> account:"')
  const out: Record<string, unknown> = { domain: header[1], accountAddress: lines[1] }
  if (lines[2] !== '') throw new Malformed('an empty line must follow the address')
  let index = 3
  if (lines[3] !== '') {
    out['statement'] = lines[3]
    index = 4
  }
  if (lines[index] !== '') throw new Malformed('an empty line must follow the statement')
  index += 1
  const take = (label: string, required: boolean): string | undefined => {
    const current = lines[index]
    if (current?.startsWith(`${label}: `)) {
      index += 1
      return current.slice(label.length + 2)
    }
    if (required) throw new Malformed(`missing "${label}:"`)
    return undefined
  }
  out['uri'] = take('URI', true)
  out['version'] = take('Version', true)
  out['chainId'] = chainIdFrom(namespace, take('Chain ID', true)!)
  out['nonce'] = take('Nonce', true)
  const optional = [['issuedAt', 'Issued At'], ['expirationTime', 'Expiration Time'], ['notBefore', 'Not Before'], ['requestId', 'Request ID']] as const
  for (const [key, label] of optional) {
    const value = take(label, false)
    if (value !== undefined) out[key] = value
  }
  if (lines[index] === 'Resources:') {
    index += 1
    const resources: string[] = []
    while (lines[index]?.startsWith('- ')) resources.push(lines[index++]!.slice(2))
    out['resources'] = resources
  }
  if (index !== lines.length) throw new Malformed(`unexpected line ${index + 1}`)
  return out
}

/** EIP-4361 writes the bare chain reference; CAIP-122 the whole CAIP-2 id of its own namespace. */
function chainIdFrom(namespace: string, value: string): CaipNetworkId {
  if (namespace === 'eip155') {
    if (!/^[1-9][0-9]{0,15}$/.test(value)) throw new Malformed('Chain ID must be a decimal EVM chain id')
    return `eip155:${value}`
  }
  if (!value.startsWith(`${namespace}:`)) throw new Malformed(`Chain ID must be a ${namespace} CAIP-2 id`)
  return value as CaipNetworkId
}
