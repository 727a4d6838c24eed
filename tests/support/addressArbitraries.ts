import { address as btcAddress } from 'bitcoinjs-lib'
import bs58 from 'bs58'
import fc from 'fast-check'
import { bytesToHex, getAddress } from 'viem'

/** Random, well-formed account addresses of every chain family Airlock connects (for scrubbing properties). */
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })

/** EVM: EIP-55 checksummed, lower case or upper-case hex after `0x`. */
export const evmAddress = fc
  .tuple(bytes(20), fc.constantFrom('checksum', 'lower', 'upper'))
  .map(([raw, form]) => {
    const hex = bytesToHex(raw)
    return form === 'checksum' ? getAddress(hex) : form === 'lower' ? hex : `0x${hex.slice(2).toUpperCase()}`
  })

/** Solana: a 32-byte public key in base58 (32 to 44 characters). */
export const solanaAddress = bytes(32).map((raw) => bs58.encode(raw))

/** Bitcoin: segwit v0 (20 or 32 bytes) and taproot (v1) in bech32 on mainnet, testnet and regtest, and legacy base58 P2PKH/P2SH. */
export const bitcoinAddress = fc.oneof(
  fc.tuple(fc.constantFrom('bc', 'tb', 'bcrt'), fc.oneof(bytes(20).map((h) => [0, h] as const), bytes(32).map((h) => [0, h] as const), bytes(32).map((h) => [1, h] as const))).map(([prefix, [version, hash]]) => btcAddress.toBech32(hash, version, prefix)),
  fc.tuple(bytes(20), fc.constantFrom(0x00, 0x05, 0x6f, 0xc4)).map(([hash, version]) => btcAddress.toBase58Check(hash, version)),
)

export const anyAddress = fc.oneof(evmAddress, solanaAddress, bitcoinAddress)
