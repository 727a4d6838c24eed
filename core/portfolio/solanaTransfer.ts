import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Network } from '../chains/types.js'
// A lazy entry (the Send view's Solana path): re-export the shared start-up chunk (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

/**
 * A SOL transfer ready for the wallet (SPEC 5 Send on Solana): the transaction with a recent
 * blockhash from the network's RPC, unsigned, as base64 (what `solana_signAndSendTransaction`
 * takes), and the fee the cluster charges for it (`getFeeForMessage`). @solana/web3.js loads only
 * here, when a Solana send is previewed or sent.
 * @example const { transaction, fee } = await solanaTransfer({ network, from, to, lamports: 1_000_000n })
 */
export async function solanaTransfer({ network, from, to, lamports }: { network: Network; from: string; to: string; lamports: bigint }): Promise<{ transaction: string; fee: bigint | null }> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error('No RPC url provided for chainId')
  const connection = new Connection(url, 'confirmed')
  const payer = new PublicKey(from)
  const { blockhash } = await connection.getLatestBlockhash()
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports }))
  const fee = await connection.getFeeForMessage(tx.compileMessage()).then(
    (answer) => (typeof answer.value === 'number' ? BigInt(answer.value) : null),
    () => null,
  )
  return { transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'), fee }
}
