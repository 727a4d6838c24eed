import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { decodeBase64 } from './bytes.js'
import type { SignatureCheck } from './verifySignature.js'

/**
 * A Solana `signMessage` signature: ed25519 over the UTF-8 bytes of the message, by the key
 * the base58 address is. The signature may be base58 (what wallets return) or base64.
 * Strict RFC 8032 checks (no ZIP-215 leniency): one message, one valid encoding.
 * @example verifySolanaSignature({ address: 'Gh9Z…', message, signature: '5Kd3…' })
 */
export function verifySolanaSignature(check: Pick<SignatureCheck, 'address' | 'message' | 'signature'>): boolean {
  const publicKey = decodeBase58(check.address)
  const signature = decodeBase58(check.signature) ?? decodeBase64(check.signature)
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, noble's verify throws on a key or signature of another length (or none) and the catch below returns the same false (the `→ true` twins, skipped with them, are killed by every valid signature)
  if (publicKey?.length !== 32 || signature?.length !== 64) return false
  try {
    // Stryker disable next-line ObjectLiteral: `{}` is equivalent: noble reads a missing zip215 as strict (RFC 8032); only an omitted options object means ZIP-215
    return ed25519.verify(signature, new TextEncoder().encode(check.message), publicKey, { zip215: false })
  }
  // Stryker disable next-line BlockStatement: unreachable once the lengths above hold, noble's verify answers false for any bad point or scalar (kept so a check never throws)
  catch {
    // Stryker disable next-line BooleanLiteral: unreachable, see the catch above
    return false
  }
}

function decodeBase58(value: string): Uint8Array | undefined {
  if (value.length > 100) return undefined
  try {
    return bs58.decode(value)
  }
  // Stryker disable next-line BlockStatement: equivalent, an empty catch returns the same undefined
  catch {
    return undefined
  }
}
