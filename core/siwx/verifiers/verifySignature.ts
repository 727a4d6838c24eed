import type { CaipNetworkId } from '../../chains/types.js'
import type { SiwxNamespace } from '../siwxMessageSchema.js'

export interface SignatureCheck {
  readonly namespace: SiwxNamespace
  readonly chainId: CaipNetworkId
  readonly address: string
  /** The exact signed text. */
  readonly message: string
  readonly signature: string
  /** EVM only: an RPC for smart-account checks (EIP-1271, EIP-6492). */
  readonly rpcUrl?: string | undefined
}

/**
 * Checks one signature with its chain's rules. Each chain's code (viem, ed25519, bitcoinjs)
 * is imported only here, when a signature of that chain is first checked, so it never weighs
 * on a page that does not verify anything.
 * @example await verifySignature({ namespace: 'solana', chainId, address, message, signature })
 */
export async function verifySignature(check: SignatureCheck): Promise<boolean> {
  switch (check.namespace) {
    case 'eip155':
      return (await import('./verifyEvmSignature.js')).verifyEvmSignature(check)
    case 'solana':
      return (await import('./verifySolanaSignature.js')).verifySolanaSignature(check)
    case 'bip122':
      return (await import('./verifyBitcoinSignature.js')).verifyBitcoinSignature(check)
    default:
      return false
  }
}

/**
 * The address as its chain writes it canonically, so a back end keying users by it gets one key
 * per account: EIP-55 checksummed for EVM (viem, loaded with the EVM check), as signed otherwise.
 * @example await canonicalAddress('eip155', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39F…2266'
 */
export async function canonicalAddress(namespace: SiwxNamespace, address: string): Promise<string> {
  return namespace === 'eip155' ? (await import('./verifyEvmSignature.js')).checksumEvmAddress(address) : address
}
