import { createPublicClient, getAddress, http, isAddress, isHex, verifyMessage } from 'viem'
import { RPC_TIMEOUT_MS } from '../../constants/timing.js'
import { BaseError } from '../../errors/BaseError.js'
import type { SignatureCheck } from './verifySignature.js'

/**
 * An EVM personal_sign (EIP-191) signature. With an RPC for the message's chain, viem's
 * `publicClient.verifyMessage` also accepts smart accounts: deployed ones through EIP-1271
 * and undeployed ones through EIP-6492. Without one, only an EOA's own key can match.
 * @example await verifyEvmSignature({ chainId: 'eip155:1', address, message, signature, rpcUrl })
 */
export async function verifyEvmSignature(check: Pick<SignatureCheck, 'chainId' | 'address' | 'message' | 'signature' | 'rpcUrl'>): Promise<boolean> {
  const { chainId, address, message, signature, rpcUrl } = check
  if (!isHex(signature) || signature.length < 132 || !isAddress(address, { strict: false })) return false
  if (!rpcUrl) {
    try {
      return await verifyMessage({ address, message, signature })
    } catch {
      // Not a recoverable ECDSA signature (a smart account's, or garbage): no EOA signed it.
      return false
    }
  }
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) })
  // A contract account answers for one chain only: an RPC of another chain must not vouch for it.
  const rpcChainId = await client.getChainId()
  if (`eip155:${rpcChainId}` !== chainId) throw new BaseError('The RPC serves another chain than the message', { details: `rpc eip155:${rpcChainId}, message ${chainId}` })
  return client.verifyMessage({ address, message, signature })
}

/** EIP-55: the one mixed-case form of an EVM address (any case in, checksummed out). */
export function checksumEvmAddress(address: string): string {
  return getAddress(address)
}
