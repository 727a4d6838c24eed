import type { LiteSVM } from 'litesvm'
import bs58 from 'bs58'
import { formatUnits } from 'viem'
import { associatedTokenAddress, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../core/chains/solana/programAddress.js'

/** An SPL mint the dev stack creates, with the name the dev data service gives it. */
export interface DevSplMint {
  readonly address: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

/** The dev stack's SPL token on the local cluster: the Solana twin of the anvil chains' dUSD (6 decimals, priced $1). */
export const DEV_SPL_MINT: DevSplMint = { address: 'AirLockDevUSDMint111111111111111111111111111', name: 'Airlock Dev USD', symbol: 'dUSD', decimals: 6 }
/** What the dev Solana wallet holds at start, in whole tokens. */
export const DEV_SPL_EACH = 1000n

/** The SPL Token program's account layouts (spl-token `state.rs`): a Mint is 82 bytes, an Account 165. */
const MINT_SIZE = 82
export const TOKEN_ACCOUNT_SIZE = 165
/** AccountState::Initialized. */
const INITIALIZED = 1

/** One token account read from its bytes. */
export interface TokenAccountData {
  readonly mint: string
  readonly owner: string
  readonly amount: bigint
}

/**
 * The fields of an SPL token account (mint, owner, amount) from its bytes; null for any other data.
 * @example readTokenAccountData(svm.getAccount(ata).data)?.amount // 1000000000n
 */
export function readTokenAccountData(data: Uint8Array): TokenAccountData | null {
  if (data.length < TOKEN_ACCOUNT_SIZE || data[108] !== INITIALIZED) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return { mint: bs58.encode(data.subarray(0, 32)), owner: bs58.encode(data.subarray(32, 64)), amount: view.getBigUint64(64, true) }
}

/** A mint's decimals and supply from its bytes; null for any other data. */
export function readMintData(data: Uint8Array): { decimals: number; supply: bigint } | null {
  if (data.length < MINT_SIZE || data[45] !== 1) return null
  return { decimals: data[44]!, supply: new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(36, true) }
}

/** A Mint: no mint authority (the supply is fixed by the dev stack), `supply`, `decimals`, initialized, no freeze authority. */
function mintBytes(supply: bigint, decimals: number): Uint8Array {
  const data = new Uint8Array(MINT_SIZE)
  const view = new DataView(data.buffer)
  view.setBigUint64(36, supply, true)
  data[44] = decimals
  data[45] = 1
  return data
}

/** An initialized Account of `mint` held by `owner`: no delegate, not native, no close authority. */
function tokenAccountBytes(mint: string, owner: string, amount: bigint): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE)
  data.set(bs58.decode(mint), 0)
  data.set(bs58.decode(owner), 32)
  new DataView(data.buffer).setBigUint64(64, amount, true)
  data[108] = INITIALIZED
  return data
}

/**
 * Gives `owner` `amount` more base units of the dev mint in its associated token account, as the
 * genesis of a local cluster would (the accounts are written, not minted by a transaction; every
 * transfer after that runs through the real SPL Token program in litesvm, which checks these
 * layouts). The mint is created on first use and its supply kept equal to what was handed out.
 * @example giveDevTokens(svm, devSolanaKeypair().publicKey.toBase58(), 1000n * 10n ** 6n)
 */
export function giveDevTokens(svm: LiteSVM, owner: string, amount: bigint, mint: DevSplMint = DEV_SPL_MINT): string {
  const rent = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size))
  const existing = svm.getAccount(mint.address as never)
  const supply = (existing.exists ? readMintData(existing.data as Uint8Array)?.supply : 0n) ?? 0n
  svm.setAccount({ address: mint.address as never, data: mintBytes(supply + amount, mint.decimals), executable: false, lamports: rent(MINT_SIZE) as never, programAddress: TOKEN_PROGRAM_ID as never, space: BigInt(MINT_SIZE) })
  const account = associatedTokenAddress(owner, mint.address)
  const held = svm.getAccount(account as never)
  const before = (held.exists ? readTokenAccountData(held.data as Uint8Array)?.amount : 0n) ?? 0n
  svm.setAccount({ address: account as never, data: tokenAccountBytes(mint.address, owner, before + amount), executable: false, lamports: rent(TOKEN_ACCOUNT_SIZE) as never, programAddress: TOKEN_PROGRAM_ID as never, space: BigInt(TOKEN_ACCOUNT_SIZE) })
  return account
}

/** Every token account `owner` holds under `program` (optionally of one mint), with its address. */
export function tokenAccountsOf(svm: LiteSVM, owner: string, filter: { program: string; mint?: string }): { address: string; data: Uint8Array; lamports: bigint; account: TokenAccountData }[] {
  return svm.getProgramAccounts(filter.program as never).flatMap((entry) => {
    const account = readTokenAccountData(entry.data as Uint8Array)
    if (!account || account.owner !== owner || (filter.mint !== undefined && account.mint !== filter.mint)) return []
    return [{ address: entry.address as string, data: entry.data as Uint8Array, lamports: entry.lamports as bigint, account }]
  })
}

/** The token programs a `programId` filter may name. */
export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]

/** `tokenAmount` as RPC nodes answer it (jsonParsed). */
export function tokenAmount(amount: bigint, decimals: number): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const text = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}
