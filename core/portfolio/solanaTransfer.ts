import { z } from 'zod'
import { isSolanaAddress } from '../chains/addressPatterns.js'
import { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress, TOKEN_2022_PROGRAM_ID } from '../chains/solana/programAddress.js'
import { readTokenAccounts } from '../chains/solana/readTokenAccounts.js'
import { compileLegacyMessage, SYSTEM_PROGRAM_ID, toBase64, unsignedTransaction, type SolanaInstruction } from '../chains/solana/solanaMessage.js'
import { solanaRpc } from '../chains/solana/solanaRpc.js'
import type { Network } from '../chains/types.js'
import { BaseError } from '../errors/BaseError.js'
// A lazy entry (the Send view's Solana path): re-export the shared start-up chunk (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

/** SystemInstruction::Transfer. */
const SYSTEM_TRANSFER = 2
/** TokenInstruction::TransferChecked. */
const TOKEN_TRANSFER_CHECKED = 12
/** AssociatedTokenAccountInstruction::CreateIdempotent: a no-op when the account exists. */
const ATA_CREATE_IDEMPOTENT = 1
/** A token account's size: 165 bytes; Token-2022's associated accounts carry the ImmutableOwner extension (170). */
const TOKEN_ACCOUNT_SPACE = { classic: 165, token2022: 170 }
const MAX_U64 = 2n ** 64n

const blockhashAnswer = z.object({ result: z.object({ value: z.object({ blockhash: z.string().max(64) }).passthrough() }).passthrough() })
const feeAnswer = z.object({ result: z.object({ value: z.number().int().nonnegative().nullable() }).passthrough() })
const accountAnswer = z.object({ result: z.object({ value: z.object({}).passthrough().nullable() }).passthrough() })
const rentAnswer = z.object({ result: z.number().int().nonnegative() })

/** What Send asks the Solana wallet to send: SOL (`lamports`), or an SPL token (`mint`, `amount` in base units, `decimals`). */
export type SolanaSend = { readonly from: string; readonly to: string } & ({ readonly lamports: string | bigint } | { readonly mint: string; readonly amount: string | bigint; readonly decimals: number })

/** An amount as a u64, little-endian; a BaseError outside 1 … 2^64-1. */
function u64(value: bigint): number[] {
  if (value <= 0n || value >= MAX_U64) throw new BaseError('Invalid amount')
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return [...bytes]
}

/**
 * The bytes of a legacy message with one System Program transfer of `lamports` from `from` (the
 * fee payer and only signer) to `to`.
 * @example transferMessage(from, to, blockhash, 1_000_000n)
 */
export function transferMessage(from: string, to: string, blockhash: string, lamports: bigint): Uint8Array {
  const data = Uint8Array.from([SYSTEM_TRANSFER, 0, 0, 0, ...u64(lamports)])
  const transfer: SolanaInstruction = { programId: SYSTEM_PROGRAM_ID, accounts: [{ address: from, signer: true, writable: true }, { address: to, signer: false, writable: true }], data }
  return compileLegacyMessage({ payer: from, blockhash, instructions: [transfer] })
}

/**
 * The bytes of an SPL token transfer from `from`'s token account `source` to `to`'s associated
 * token account: the associated account created first if missing (CreateIdempotent, `from`
 * pays its rent), then TransferChecked (amount and decimals checked by the token program).
 * @example tokenTransferMessage({ from, to, source, mint, program, amount: 1_500_000n, decimals: 6, blockhash })
 */
export function tokenTransferMessage({ from, to, source, mint, program, amount, decimals, blockhash }: { from: string; to: string; source: string; mint: string; program: string; amount: bigint; decimals: number; blockhash: string }): Uint8Array {
  const destination = associatedTokenAddress(to, mint, program)
  const create: SolanaInstruction = {
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    accounts: [
      { address: from, signer: true, writable: true },
      { address: destination, signer: false, writable: true },
      { address: to, signer: false, writable: false },
      { address: mint, signer: false, writable: false },
      { address: SYSTEM_PROGRAM_ID, signer: false, writable: false },
      { address: program, signer: false, writable: false },
    ],
    data: Uint8Array.of(ATA_CREATE_IDEMPOTENT),
  }
  const transfer: SolanaInstruction = {
    programId: program,
    accounts: [
      { address: source, signer: false, writable: true },
      { address: mint, signer: false, writable: false },
      { address: destination, signer: false, writable: true },
      { address: from, signer: true, writable: false },
    ],
    data: Uint8Array.from([TOKEN_TRANSFER_CHECKED, ...u64(amount), decimals]),
  }
  return compileLegacyMessage({ payer: from, blockhash, instructions: [create, transfer] })
}

/**
 * A Solana send ready for the wallet (SPEC 5 Send on Solana): the unsigned transaction with a
 * recent blockhash from the network's RPC, as base64 (what `solana_signAndSendTransaction`
 * takes), and what it costs the sender in lamports: the cluster's fee (`getFeeForMessage`) plus,
 * for a token the receiver has no account for yet, that account's rent; null when the cluster
 * does not say. An SPL token is sent from the sender's account of that mint that holds enough
 * (the associated one first); the token program and decimals are the chain's, not the form's.
 * @example const { transaction, fee } = await solanaTransfer({ network, send: { from, to, lamports: 1_000_000n } })
 */
export async function solanaTransfer({ network, send, signal }: { network: Network; send: SolanaSend; signal?: AbortSignal }): Promise<{ transaction: string; fee: bigint | null }> {
  const { from, to } = send
  if (!isSolanaAddress(from) || !isSolanaAddress(to)) throw new BaseError('Invalid Solana address')
  const blockhash = () => solanaRpc(network, 'getLatestBlockhash', [{ commitment: 'confirmed' }], blockhashAnswer, signal).then(({ result }) => result.value.blockhash)
  let message: Uint8Array
  let rent: Promise<bigint | null> = Promise.resolve(0n)
  if ('lamports' in send) {
    message = transferMessage(from, to, await blockhash(), BigInt(send.lamports))
  } else {
    const amount = BigInt(send.amount)
    u64(amount) // a zero or too large amount fails here, before any RPC call
    const [accounts, hash] = await Promise.all([readTokenAccounts({ network, owner: from, mint: send.mint, signal }), blockhash()])
    const held = accounts.filter((account) => account.mint === send.mint)
    const source = held.find((a) => a.address === associatedTokenAddress(from, send.mint, a.program) && a.amount >= amount) ?? held.filter((a) => a.amount >= amount).sort((a, b) => (b.amount > a.amount ? 1 : -1))[0]
    if (!source) throw new BaseError('Insufficient balance')
    if (source.decimals !== send.decimals) throw new BaseError('The token changed on the network; try again')
    message = tokenTransferMessage({ from, to, source: source.address, mint: send.mint, program: source.program, amount, decimals: source.decimals, blockhash: hash })
    rent = receiverRent(network, associatedTokenAddress(to, send.mint, source.program), source.program, signal)
  }
  const [fee, extra] = await Promise.all([
    solanaRpc(network, 'getFeeForMessage', [toBase64(message), { commitment: 'confirmed' }], feeAnswer, signal).then(
      (answer) => (answer.result.value === null ? null : BigInt(answer.result.value)),
      () => null,
    ),
    rent.catch(() => null),
  ])
  return { transaction: unsignedTransaction(message), fee: fee === null || extra === null ? null : fee + extra }
}

/** The rent the sender pays for the receiver's token account when it does not exist yet; 0 when it does. */
async function receiverRent(network: Network, account: string, program: string, signal?: AbortSignal): Promise<bigint> {
  const { result } = await solanaRpc(network, 'getAccountInfo', [account, { encoding: 'base64', commitment: 'confirmed' }], accountAnswer, signal)
  if (result.value !== null) return 0n
  const space = program === TOKEN_2022_PROGRAM_ID ? TOKEN_ACCOUNT_SPACE.token2022 : TOKEN_ACCOUNT_SPACE.classic
  return BigInt((await solanaRpc(network, 'getMinimumBalanceForRentExemption', [space], rentAnswer, signal)).result)
}
