import { secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, networks, type Network as BitcoinNetwork } from 'bitcoinjs-lib'
import { bytesEqual, concatBytes, decodeBase64, encodeVarint } from './bytes.js'
import type { SignatureCheck } from './verifySignature.js'

/** CAIP-2 references are the first 32 hex digits of the genesis block hash. */
const NETWORKS: Readonly<Record<string, BitcoinNetwork>> = {
  'bip122:000000000019d6689c085ae165831e93': networks.bitcoin,
  'bip122:000000000933ea01ad0ee984209779ba': networks.testnet,
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': networks.regtest,
}
const MAGIC = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')

/**
 * A Bitcoin message signature for the address on the message's network: BIP-137 (65 bytes,
 * base64; P2PKH, P2SH-P2WPKH and P2WPKH) or BIP-322 "simple" (a witness stack, base64;
 * P2WPKH, P2SH-P2WPKH and P2TR key path). Other BIP-322 forms (full, P2WSH scripts) fail.
 * @example verifyBitcoinSignature({ chainId: 'bip122:000000000019d6689c085ae165831e93', address: 'bc1q…', message, signature })
 */
export async function verifyBitcoinSignature(check: Pick<SignatureCheck, 'chainId' | 'address' | 'message' | 'signature'>): Promise<boolean> {
  const network = NETWORKS[check.chainId]
  const script = network ? outputScriptOf(check.address, network) : undefined
  const bytes = decodeBase64(check.signature)
  if (!script || !bytes) return false
  // BIP-137 headers are 27 to 42; a witness never starts so (decodeWitness takes at most 16 items).
  if (
    bytes[0]! >= 27 &&
    bytes[0]! <= 42 &&
    // Stryker disable next-line ConditionalExpression: `→ true` is equivalent: another length with such a header fails in BIP-137 (fromCompact takes 64 bytes only) as it does in BIP-322 (more than 16 items)
    bytes.length === 65
  )
    return verifyBip137(script, check.message, bytes)
  return (await import('./verifyBip322.js')).verifyBip322({ script, message: check.message, witness: bytes })
}

/** The output script an address pays to, or undefined when it is not an address of `network`. */
export function outputScriptOf(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  try {
    // Segwit decoded by hand: bitcoinjs wants an ECC library just to build a taproot script.
    const { prefix, version, data } = btcAddress.fromBech32(address)
    const known = (version === 0 && (data.length === 20 || data.length === 32)) || (version === 1 && data.length === 32)
    return prefix === network.bech32 && known ? concatBytes(Uint8Array.of(version === 0 ? 0x00 : 0x50 + version, data.length), data) : undefined
  } catch {
    try {
      return btcAddress.toOutputScript(address, network)
    }
    // Stryker disable next-line BlockStatement: an empty catch falls off the end of the function, which returns the same undefined
    catch {
      return undefined
    }
  }
}

/** The double SHA-256 every BIP-137 wallet signs: the magic prefix, then the length-prefixed message. */
export function bitcoinMessageHash(message: string): Uint8Array {
  const text = new TextEncoder().encode(message)
  return btcCrypto.hash256(concatBytes(MAGIC, encodeVarint(text.length), text))
}

export const p2pkhScript = (hash160: Uint8Array) => concatBytes(Uint8Array.of(0x76, 0xa9, 0x14), hash160, Uint8Array.of(0x88, 0xac))
export const p2wpkhScript = (hash160: Uint8Array) => concatBytes(Uint8Array.of(0x00, 0x14), hash160)
export const p2shScript = (redeem: Uint8Array) => concatBytes(Uint8Array.of(0xa9, 0x14), btcCrypto.hash160(redeem), Uint8Array.of(0x87))

function verifyBip137(script: Uint8Array, message: string, bytes: Uint8Array): boolean {
  const header = bytes[0]! - 27
  const compressed = header >= 4
  try {
    const signature = secp256k1.Signature.fromCompact(bytes.slice(1)).addRecoveryBit(header & 3)
    const publicKey = signature.recoverPublicKey(bitcoinMessageHash(message)).toRawBytes(compressed)
    const hash = btcCrypto.hash160(publicKey)
    // Wallets disagree on the header of segwit addresses (Electrum signs them as P2PKH), so a
    // compressed key matches any single-key script it controls; the recovered key is what counts.
    const candidates = compressed ? [p2pkhScript(hash), p2wpkhScript(hash), p2shScript(p2wpkhScript(hash))] : [p2pkhScript(hash)]
    return candidates.some((candidate) => bytesEqual(candidate, script))
  } catch {
    return false
  }
}
