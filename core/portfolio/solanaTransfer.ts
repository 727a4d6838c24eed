import bs58 from 'bs58'
import { z } from 'zod'
import { isSolanaAddress } from '../chains/addressPatterns.js'
import { solanaRpc } from '../chains/solana/solanaRpc.js'
import type { Network } from '../chains/types.js'
import { BaseError } from '../errors/BaseError.js'
// A lazy entry (the Send view's Solana path): re-export the shared start-up chunk (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

/** The System Program's id (32 zero bytes). */
const SYSTEM_PROGRAM = new Uint8Array(32)
/** SystemInstruction::Transfer. */
const TRANSFER = 2

const blockhashAnswer = z.object({ result: z.object({ value: z.object({ blockhash: z.string().max(64) }).passthrough() }).passthrough() })
const feeAnswer = z.object({ result: z.object({ value: z.number().int().nonnegative().nullable() }).passthrough() })

/**
 * The bytes of a legacy Solana message with one System Program transfer of `lamports` from `from`
 * (the fee payer and only signer) to `to`: header, account keys, recent blockhash, one instruction
 * (wire format of the Solana runtime; every count here is below 128, so each compact-u16 is one byte).
 * @example transferMessage(from, to, blockhash, 1_000_000n)
 */
export function transferMessage(from: string, to: string, blockhash: string, lamports: bigint): Uint8Array {
  const key = (address: string): Uint8Array => {
    const bytes = bs58.decode(address)
    if (bytes.length !== 32) throw new BaseError('Invalid Solana address', { details: address.slice(0, 64) })
    return bytes
  }
  if (lamports <= 0n || lamports >= 2n ** 64n) throw new BaseError('Invalid amount')
  const keys = from === to ? [key(from), SYSTEM_PROGRAM] : [key(from), key(to), SYSTEM_PROGRAM]
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  const hash = bs58.decode(blockhash)
  if (hash.length !== 32) throw new BaseError('Invalid blockhash')
  const program = keys.length - 1
  const toIndex = from === to ? 0 : 1
  // Header: 1 signature required, 0 read-only signed, 1 read-only unsigned (the program).
  return Uint8Array.from([1, 0, 1, keys.length, ...keys.flatMap((k) => [...k]), ...hash, 1, program, 2, 0, toIndex, data.length, ...data])
}

/**
 * A SOL transfer ready for the wallet (SPEC 5 Send on Solana): the unsigned transaction with a
 * recent blockhash from the network's RPC, as base64 (what `solana_signAndSendTransaction` takes),
 * and the fee the cluster charges for it (`getFeeForMessage`; null when it does not say).
 * @example const { transaction, fee } = await solanaTransfer({ network, from, to, lamports: 1_000_000n })
 */
export async function solanaTransfer({ network, from, to, lamports, signal }: { network: Network; from: string; to: string; lamports: bigint; signal?: AbortSignal }): Promise<{ transaction: string; fee: bigint | null }> {
  if (!isSolanaAddress(from) || !isSolanaAddress(to)) throw new BaseError('Invalid Solana address')
  const { result } = await solanaRpc(network, 'getLatestBlockhash', [{ commitment: 'confirmed' }], blockhashAnswer, signal)
  const message = transferMessage(from, to, result.value.blockhash, lamports)
  const fee = await solanaRpc(network, 'getFeeForMessage', [base64(message), { commitment: 'confirmed' }], feeAnswer, signal).then(
    (answer) => (answer.result.value === null ? null : BigInt(answer.result.value)),
    () => null,
  )
  // One signature slot (the payer's), empty until the wallet signs.
  const transaction = Uint8Array.from([1, ...new Uint8Array(64), ...message])
  return { transaction: base64(transaction), fee }
}

function base64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}
