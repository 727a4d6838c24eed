import { address as btcAddress, networks as btcNetworks } from 'bitcoinjs-lib'
import { isEvmAddress, isSolanaAddress } from './addressPatterns.js'
import type { ChainNamespace } from './types.js'

export { isEvmAddress, isSolanaAddress }

export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest'

const BITCOIN_NETWORKS = {
  mainnet: btcNetworks.bitcoin,
  testnet: btcNetworks.testnet,
  regtest: btcNetworks.regtest,
} as const

/**
 * BIP173 caps bech32 strings at 90 characters and base58 addresses are far shorter; rejecting
 * longer input early keeps the quadratic base58 decoder away from hostile megabyte strings.
 */
const BITCOIN_MAX_LENGTH = 90

/** Returns the decoded bech32/bech32m form, or undefined when `value` is not one. */
function decodeBech32(value: string): ReturnType<typeof btcAddress.fromBech32> | undefined {
  try {
    return btcAddress.fromBech32(value)
  } catch {
    return undefined
  }
}

/**
 * Segwit v0 (P2WPKH 20 bytes, P2WSH 32 bytes) and v1 taproot (32 bytes). Later versions are
 * valid BIP350 encodings but no wallet we talk to can pay them yet, so we refuse them.
 */
function isKnownWitnessProgram(version: number, length: number): boolean {
  return (version === 0 && (length === 20 || length === 32)) || (version === 1 && length === 32)
}

function matchesNetwork(value: string, network: (typeof BITCOIN_NETWORKS)[BitcoinNetworkName]): boolean {
  // bitcoinjs-lib 7 builds a taproot output through payments.p2tr, which needs an ECC library
  // (initEccLib) just to check the x-only key; without one toOutputScript throws for every bc1p
  // address. So segwit strings are checked by decoding them ourselves (checksum, bech32 vs
  // bech32m per version, prefix, program length). A 32-byte program that is not a curve point
  // still passes: that is a spendability question, not an address-format one.
  const segwit = decodeBech32(value)
  if (segwit) return segwit.prefix === network.bech32 && isKnownWitnessProgram(segwit.version, segwit.data.length)
  try {
    // Base58Check (P2PKH 1…/m…/n…, P2SH 3…/2…): version byte must match the network.
    btcAddress.toOutputScript(value, network)
    return true
  } catch {
    return false
  }
}

/**
 * True for a Bitcoin address (P2PKH, P2SH, P2WPKH, P2WSH, P2TR) on `network`, or on any of
 * mainnet, testnet and regtest when none is given. Never throws.
 * @example isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet') // true
 */
export function isBitcoinAddress(value: unknown, network?: BitcoinNetworkName): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > BITCOIN_MAX_LENGTH) return false
  if (network !== undefined) {
    const params = Object.hasOwn(BITCOIN_NETWORKS, network) ? BITCOIN_NETWORKS[network] : undefined
    return params !== undefined && matchesNetwork(value, params)
  }
  return Object.values(BITCOIN_NETWORKS).some((params) => matchesNetwork(value, params))
}

/**
 * Checks an address against its namespace's format; namespaces without a local rule only need a non-empty string.
 * @example isAddressFor('solana', '11111111111111111111111111111111') // true
 */
export function isAddressFor(namespace: ChainNamespace, address: unknown): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address)
    case 'solana':
      return isSolanaAddress(address)
    case 'bip122':
      return isBitcoinAddress(address)
    default:
      return typeof address === 'string' && address.length > 0
  }
}
