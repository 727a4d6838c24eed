import { address, lamports as asLamports } from '@solana/kit'
import bs58 from 'bs58'
import { TransactionMetadata, type LiteSVM } from 'litesvm'
import { BaseError, createWalletClient, defineChain, http, keccak256, publicActions, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** Anvil's dev mnemonic; its 9th account (index 8) is the dev on-ramp's treasury: no test, demo or deployer sends from it. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
export const ONRAMP_TREASURY = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 8 })
/** How long Pay waits for the transfer's receipt; anvil mines at once, a slower chain gets this long. */
export const ONRAMP_RECEIPT_TIMEOUT_MS = 30_000

/** A chain the treasury pays on. */
export interface TreasuryChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
}

/** A Solana cluster the treasury pays on: the dev stack's is litesvm, whose airdrop mints the SOL. */
export interface TreasuryCluster {
  /** CAIP-2, e.g. `airlockSolanaLocal.caipNetworkId`. */
  readonly caipNetworkId: string
  readonly name: string
  /** Sends `lamports` to the base58 `address` at once, returning the transfer's signature; throws a TreasuryError (nothing sent) when it fails. */
  airdrop(address: string, lamports: bigint): string
}

/** A transfer that failed; `hash` is set when it may have reached the chain, so it must not be sent again. */
export class TreasuryError extends Error {
  constructor(message: string, readonly hash?: Hex) {
    super(message)
  }
}

export interface Treasury {
  readonly address: Address
  /**
   * Sends `wei` to `to` and waits for its receipt. `onSigned` is told the hash before it is broadcast,
   * so a crash after sending still leaves the transfer on record. Throws TreasuryError.
   */
  pay(chain: TreasuryChain, to: Address, wei: bigint, onSigned: (hash: Hex) => void): Promise<Hex>
}

/**
 * The dev provider's treasury: real ETH transfers on the dev chains from anvil account 8.
 * @example const hash = await createTreasury().pay(chain, buyer, parseEther('0.03'), (hash) => record(hash))
 */
export function createTreasury(): Treasury {
  // One signer per chain at a time: two transfers prepared together would take the same nonce.
  const queues = new Map<number, Promise<unknown>>()
  const serially = <T>(chainId: number, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(chainId) ?? Promise.resolve()).then(task, task)
    queues.set(chainId, run.catch(() => undefined))
    return run
  }
  return {
    address: ONRAMP_TREASURY.address,
    async pay(chain, to, wei, onSigned) {
      const client = createWalletClient({
        account: ONRAMP_TREASURY,
        // Naming the chain makes viem check the RPC's chain id: a wrong URL fails before anything is signed.
        chain: defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
        transport: http(chain.rpcUrl, { retryCount: 0 }),
      }).extend(publicActions)
      const hash = await serially(chain.chainId, async () => {
        let signed: Hex
        try {
          const request = await client.prepareTransactionRequest({ to, value: wei })
          signed = await client.signTransaction(request)
        } catch (error) {
          throw new TreasuryError(`The transfer could not be prepared: ${reason(error)}`)
        }
        const hash = keccak256(signed)
        onSigned(hash)
        try {
          await client.sendRawTransaction({ serializedTransaction: signed })
        } catch (error) {
          // A send that timed out may still have reached the node: only a chain that does not know the hash surely has nothing.
          const known = await client.getTransaction({ hash }).then(() => true, () => false)
          if (!known) throw new TreasuryError(`The transfer could not be sent: ${reason(error)}`)
        }
        return hash
      })
      try {
        const receipt = await client.waitForTransactionReceipt({ hash, timeout: ONRAMP_RECEIPT_TIMEOUT_MS })
        if (receipt.status !== 'success') throw new TreasuryError(`The transfer ${hash} reverted`, hash)
      } catch (error) {
        if (error instanceof TreasuryError) throw error
        throw new TreasuryError(`The transfer ${hash} was sent but not confirmed: ${reason(error)}`, hash)
      }
      return hash
    },
  }
}

/** viem's one-line message, not its multi-line report with request details. */
function reason(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}

/**
 * The treasury's side of a litesvm cluster: its airdrop lands synchronously, so a payment is
 * either done or surely not sent, and may then be tried again.
 * @example createOnrampApi({ chains, solana: () => litesvmTreasury(rpc.svm, airlockSolanaLocal) })
 */
export function litesvmTreasury(svm: LiteSVM, network: { caipNetworkId: string; name: string }): TreasuryCluster {
  return {
    caipNetworkId: network.caipNetworkId,
    name: network.name,
    airdrop(to, lamports) {
      const result = svm.airdrop(address(to), asLamports(lamports))
      if (!(result instanceof TransactionMetadata)) throw new TreasuryError(`The airdrop failed: ${result ? result.toString() : 'no result'}`)
      return bs58.encode(result.signature())
    },
  }
}
