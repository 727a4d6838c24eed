import { BaseError } from '../errors/BaseError.js'
import { describeIssues, pickMessageData, siwxMessageDataSchema, siwxNamespaceOf, type SiwxNamespace } from './siwxMessageSchema.js'
import type { SiwxMessage, SiwxMessageData } from './types.js'

/** The account word of the header line: EIP-4361 says Ethereum, CAIP-122 names the chain family. */
export const SIWX_BLOCKCHAIN_NAMES: Readonly<Record<SiwxNamespace, string>> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }

export const INVALID_MESSAGE = 'Invalid sign-in message'

/**
 * Formats a sign-in message: EIP-4361 for eip155 (numeric `Chain ID`), CAIP-122 for solana and
 * bip122 (the full CAIP-2 id). Every field is validated first; a line break in any field throws,
 * so nothing a person did not see can slip into the signed text.
 * @example formatSiwxMessage({ domain: 'dapp.example', accountAddress: '0xf39F…', chainId: 'eip155:1', uri: 'https://dapp.example/', version: '1', nonce: 'k3Xq9ZpA7wT2' })
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const parsed = siwxMessageDataSchema.safeParse(pickMessageData(data))
  if (!parsed.success) throw new BaseError(INVALID_MESSAGE, { details: describeIssues(parsed.error), code: 'invalid_message', cause: parsed.error })
  const m = parsed.data
  const namespace = siwxNamespaceOf(m.chainId)!
  const lines = [
    `${m.domain} wants you to sign in with your ${SIWX_BLOCKCHAIN_NAMES[namespace]} account:`,
    m.accountAddress,
    '',
    // EIP-4361: `address LF LF [ statement LF ] LF`, so no statement still leaves two empty lines.
    ...(m.statement === undefined ? [] : [m.statement]),
    '',
    `URI: ${m.uri}`,
    `Version: ${m.version}`,
    `Chain ID: ${namespace === 'eip155' ? m.chainId.slice('eip155:'.length) : m.chainId}`,
    `Nonce: ${m.nonce}`,
  ]
  if (m.issuedAt !== undefined) lines.push(`Issued At: ${m.issuedAt}`)
  if (m.expirationTime !== undefined) lines.push(`Expiration Time: ${m.expirationTime}`)
  if (m.notBefore !== undefined) lines.push(`Not Before: ${m.notBefore}`)
  if (m.requestId !== undefined) lines.push(`Request ID: ${m.requestId}`)
  if (m.resources !== undefined) lines.push('Resources:', ...m.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}

/**
 * A message object for `SiwxConfig.createMessage`: the validated fields, and `toString()`
 * giving the text to sign. Throws (BaseError) on an invalid field, before anything is signed.
 * @example const message = createSiwxMessage(data); await wallet.signMessage(message.toString())
 */
export function createSiwxMessage(data: SiwxMessageData): SiwxMessage {
  const text = formatSiwxMessage(data)
  return { ...pickMessageData(data), toString: () => text }
}

/** Valid stand-ins, used only to validate a template's other fields. */
const PLACEHOLDER_ADDRESS: Readonly<Record<SiwxNamespace, string>> = {
  eip155: '0x0000000000000000000000000000000000000000',
  solana: '11111111111111111111111111111111',
  bip122: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
}

/**
 * A message before anyone signs it: one-click auth (WalletConnect `authenticate`) asks for the
 * nonce, domain and times first and learns the accounts later. Its fields are validated as usual;
 * it has no text to sign, so `toString()` throws.
 * @example const template = createSiwxTemplate({ ...fields, accountAddress: '' })
 */
export function createSiwxTemplate(data: SiwxMessageData): SiwxMessage {
  const namespace = siwxNamespaceOf(data.chainId)
  formatSiwxMessage({ ...data, accountAddress: namespace ? PLACEHOLDER_ADDRESS[namespace] : data.accountAddress })
  return {
    ...pickMessageData(data),
    accountAddress: '',
    toString: () => {
      throw new BaseError('A one-click sign-in template has no account, so nothing to sign')
    },
  }
}
