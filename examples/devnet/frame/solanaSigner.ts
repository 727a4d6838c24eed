import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, PublicKey, SystemInstruction, SystemProgram, TransactionMessage, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js'
import bs58 from 'bs58'
import { formatUnits } from 'viem'
import type { FrameRpcRequest } from '../../../core/frame/index.js'
import { TOKEN_PROGRAMS } from '../solana/devSplToken.js'
import type { FrameSolanaChain } from './frameConfig.js'
import type { RequestSummary, SummaryField } from './describeRequest.js'

/** 10 SOL: what a new embedded account gets on each dev Solana cluster, as EVM accounts get ETH. */
export const DEV_FRAME_SOLANA_LAMPORTS = 10_000_000_000

/** Whether a request is for the frame's Solana key (WalletConnect's Solana method names). */
export const isSolanaMethod = (method: string): boolean => method.startsWith('solana_')

/** The user's Solana key from its stored 32-byte seed (hex), kept beside the EVM key in the frame's IndexedDB. */
export function solanaKeypair(seedHex: string): Keypair {
  return Keypair.fromSeed(Uint8Array.from(seedHex.match(/../g) ?? [], (b) => parseInt(b, 16)))
}

/** A new random seed (hex) for a user's Solana key. */
export function newSolanaSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Dev only: a new Solana account starts with 10 SOL on every dev cluster. */
export async function fundSolana(chains: readonly FrameSolanaChain[], address: string): Promise<void> {
  await Promise.all(chains.map((chain) => new Connection(chain.rpcUrl, 'confirmed').requestAirdrop(new PublicKey(address), DEV_FRAME_SOLANA_LAMPORTS).catch(() => undefined)))
}

type SolanaRequest = Extract<FrameRpcRequest, { method: `solana_${string}` }>
type Params = { message?: string; pubkey?: string; transaction?: string; transactions?: string[]; options?: Record<string, unknown>; sendOptions?: Record<string, unknown> }

const paramsOf = (request: FrameRpcRequest): Params => ((request as { params?: unknown }).params ?? {}) as Params

/**
 * A serialized transaction as wallets get it: base64 (WalletConnect today) or base58 (older
 * dapps). Both alphabets overlap, so base64 is tried first and must deserialize.
 */
export function decodeSolanaTransaction(encoded: string): VersionedTransaction {
  const attempts = [() => Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)), () => bs58.decode(encoded)]
  for (const bytes of attempts) {
    try {
      return VersionedTransaction.deserialize(bytes())
    } catch {
      // Not this encoding: try the next.
    }
  }
  throw new Error('Invalid transaction')
}

/** The transactions a request carries (none for a message). */
function transactionsOf(request: FrameRpcRequest): VersionedTransaction[] {
  const params = paramsOf(request)
  if (params.transactions) return params.transactions.map(decodeSolanaTransaction)
  return params.transaction === undefined ? [] : [decodeSolanaTransaction(params.transaction)]
}

/** The keys that must sign a transaction (the first `numRequiredSignatures` static keys). */
const signersOf = (tx: VersionedTransaction): PublicKey[] => tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures)

/**
 * Refuses, before the person is asked, a Solana request the signed-in account could not sign: a
 * message for another public key, a transaction that does not need this key's signature, or bytes
 * that are no transaction ('Address mismatch', 'Invalid transaction').
 */
export function assertOwnSolanaAccount(request: FrameRpcRequest, own: PublicKey): void {
  const params = paramsOf(request)
  if (request.method === 'solana_signMessage' && params.pubkey !== own.toBase58()) throw new Error('Address mismatch')
  for (const tx of transactionsOf(request)) if (!signersOf(tx).some((key) => key.equals(own))) throw new Error('Address mismatch')
}

const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))

/** Signs with the user's key (never leaves this origin): this key's signature, the signed bytes. */
function signed(tx: VersionedTransaction, keypair: Keypair): { signature: string; bytes: Uint8Array } {
  tx.sign([keypair])
  const index = signersOf(tx).findIndex((key) => key.equals(keypair.publicKey))
  return { signature: bs58.encode(tx.signatures[index]!), bytes: tx.serialize() }
}

/**
 * Answers one Solana request of the signed-in user with WalletConnect's shapes:
 * `solana_signMessage` → `{ signature }` (base58), `solana_signTransaction` → `{ signature, transaction }`
 * (base64), `solana_signAllTransactions` → `{ transactions }`, `solana_signAndSendTransaction` →
 * `{ signature }` once the cluster took it.
 */
export async function handleSolanaRpc(request: SolanaRequest, keypair: Keypair, chain: FrameSolanaChain): Promise<unknown> {
  const params = paramsOf(request)
  switch (request.method) {
    case 'solana_signMessage':
      return { signature: bs58.encode(ed25519.sign(bs58.decode(params.message ?? ''), keypair.secretKey.slice(0, 32))) }
    case 'solana_signTransaction': {
      const { signature, bytes } = signed(decodeSolanaTransaction(params.transaction ?? ''), keypair)
      return { signature, transaction: toBase64(bytes) }
    }
    case 'solana_signAllTransactions':
      return { transactions: (params.transactions ?? []).map((t) => toBase64(signed(decodeSolanaTransaction(t), keypair).bytes)) }
    case 'solana_signAndSendTransaction': {
      const { bytes } = signed(decodeSolanaTransaction(params.transaction ?? ''), keypair)
      const options = params.options ?? params.sendOptions ?? {}
      const signature = await new Connection(chain.rpcUrl, 'confirmed').sendRawTransaction(bytes, options)
      return { signature }
    }
    default:
      throw new Error(`${String((request as { method: string }).method)} is not supported by the dev frame`)
  }
}

const TITLES: Record<string, string> = {
  solana_signMessage: 'Sign a message',
  solana_signTransaction: 'Sign a transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Sign and send a transaction',
}

/**
 * The frame's own reading of a Solana request: the account, each SOL transfer's recipient and
 * amount (exact), each SPL token transfer's token account, mint and amount, the fee payer and instruction count, the cluster and the method; the message
 * text (or its base58 bytes) as the detail.
 */
export function describeSolanaRequest(request: FrameRpcRequest, chain: FrameSolanaChain, own: PublicKey): RequestSummary {
  const context: SummaryField[] = [
    { label: 'Chain', value: `${chain.name} (${chain.caipNetworkId})` },
    { label: 'Method', value: request.method },
  ]
  const title = TITLES[request.method] ?? `Approve ${request.method}`
  if (request.method === 'solana_signMessage') {
    const message = paramsOf(request).message ?? ''
    const text = utf8(bs58.decode(message))
    return { title, fields: [{ label: 'Account', value: own.toBase58() }, ...context], detail: { label: text === null ? 'Message (base58)' : 'Message', text: text ?? message } }
  }
  const transactions = transactionsOf(request)
  const fields = transactions.flatMap((tx, i) => {
    const prefix = transactions.length > 1 ? `Transaction ${i + 1} ` : ''
    const instructions = readInstructions(tx)
    return [
      ...(instructions ?? []).flatMap((ix) =>
        ix.kind === 'transfer'
          ? [
              { label: `${prefix}To`, value: ix.to },
              { label: `${prefix}Value`, value: `${formatUnits(ix.lamports, 9)} SOL` },
            ]
          : ix.kind === 'tokenTransfer'
            ? [
                { label: `${prefix}To token account`, value: ix.destination },
                { label: `${prefix}Token`, value: ix.mint },
                { label: `${prefix}Amount`, value: formatUnits(ix.amount, ix.decimals) },
              ]
            : [],
      ),
      { label: `${prefix}Fee payer`, value: signersOf(tx)[0]?.toBase58() ?? 'none' },
      { label: `${prefix}Instructions`, value: instructions === null ? 'not readable (address lookup tables)' : String(instructions.length) },
    ]
  })
  const programs = transactions.flatMap((tx) => (readInstructions(tx) ?? []).map((ix) => ix.programId))
  return { title, fields: [...fields, ...context], detail: programs.length === 0 ? null : { label: 'Programs', text: programs.join('\n') } }
}

type ReadInstruction = { kind: 'transfer'; programId: string; to: string; lamports: bigint } | { kind: 'tokenTransfer'; programId: string; mint: string; destination: string; amount: bigint; decimals: number } | { kind: 'other'; programId: string }

/** SPL Token's TransferChecked (instruction 12: amount u64, decimals u8; accounts source, mint, destination, owner). */
function readTokenTransfer(ix: TransactionInstruction, programId: string): ReadInstruction | null {
  if (!TOKEN_PROGRAMS.includes(programId) || ix.data.length !== 10 || ix.data[0] !== 12 || ix.keys.length < 4) return null
  return { kind: 'tokenTransfer', programId, mint: ix.keys[1]!.pubkey.toBase58(), destination: ix.keys[2]!.pubkey.toBase58(), amount: new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength).getBigUint64(1, true), decimals: ix.data[9]! }
}

/** The instructions with System transfers and SPL token transfers decoded; null when lookup tables hide the accounts. */
function readInstructions(tx: VersionedTransaction): ReadInstruction[] | null {
  let message: TransactionMessage
  try {
    message = TransactionMessage.decompile(tx.message)
  } catch {
    return null
  }
  return message.instructions.map((ix): ReadInstruction => {
    const programId = ix.programId.toBase58()
    if (!ix.programId.equals(SystemProgram.programId)) return readTokenTransfer(ix, programId) ?? { kind: 'other', programId }
    try {
      if (SystemInstruction.decodeInstructionType(ix) !== 'Transfer') return { kind: 'other', programId }
      const { toPubkey, lamports } = SystemInstruction.decodeTransfer(ix)
      return { kind: 'transfer', programId, to: toPubkey.toBase58(), lamports: BigInt(lamports) }
    } catch {
      return { kind: 'other', programId }
    }
  })
}

function utf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : null
  } catch {
    return null
  }
}
