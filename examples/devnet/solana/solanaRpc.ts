import { getTransactionDecoder } from '@solana/kit'
import bs58 from 'bs58'
import { FailedTransactionMetadata, LiteSVM, TransactionMetadata } from 'litesvm'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { z } from 'zod'
import { BodyTooLarge, listen, readBody } from '../httpServer.js'
import { isLoopbackHost, isLoopbackOrigin } from '../loopback.js'
import { readMintData, readTokenAccountData, TOKEN_PROGRAMS, tokenAccountsOf, tokenAmount } from './devSplToken.js'

/**
 * A local Solana cluster for the dev stack and the tests: litesvm (the Solana runtime in process,
 * INFRA.md; no solana-test-validator here) behind the JSON-RPC methods that `@solana/web3.js` 1.x's
 * `Connection` and wallets call, over HTTP POST:
 *   getBalance, getAccountInfo, getLatestBlockhash, isBlockhashValid, getMinimumBalanceForRentExemption,
 *   getFeeForMessage, sendTransaction, simulateTransaction, getSignatureStatuses, requestAirdrop,
 *   getSlot, getBlockHeight, getGenesisHash, getVersion, getHealth, and for SPL tokens
 *   getTokenAccountsByOwner (by mint or program, base64 or jsonParsed) and getTokenAccountBalance.
 * Transactions run for real: signatures verified, fees charged, balances checked, the same
 * transaction twice refused (AlreadyProcessed). A refused `sendTransaction` answers as a validator's
 * preflight does (-32002 "Transaction simulation failed: …" with `err` and `logs`), so web3.js
 * throws its own SendTransactionError. Every call answers at the latest slot, always final.
 */
export interface SolanaRpc {
  readonly url: string
  readonly port: number
  readonly svm: LiteSVM
  close(): Promise<void>
}

/** The local cluster's genesis hash (CAIP-2 `solana:` + its first 32 characters); litesvm has none of its own. */
export const LOCAL_GENESIS_HASH = 'AirLockLocaLSo1ana1111111111111111111111111'
/** Like a validator's: a blockhash stays usable this many slots. */
const BLOCKHASH_SLOTS = 150n
/** Solana's packet limit is 1232 bytes; base64 of that with room to spare. */
const MAX_BODY = 64 * 1024
const LAMPORTS_PER_SIGNATURE = 5000

/** litesvm's TransactionErrorFieldless, by value (a `const enum`: no names at run time). */
const FIELDLESS = ['AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee', 'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance', 'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled']

const Request = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string().max(64), z.number(), z.null()]), method: z.string().max(64), params: z.array(z.unknown()).max(8).optional() })
const Pubkey = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
const Encoded = z.string().max(MAX_BODY)
const Config = z.object({ encoding: z.enum(['base64', 'base58']).optional() }).passthrough().optional()
const TokenFilter = z.union([z.object({ mint: Pubkey }).strict(), z.object({ programId: Pubkey }).strict()])
const AccountsConfig = z.object({ encoding: z.enum(['base64', 'jsonParsed']).optional() }).passthrough().optional()
const SendConfig = z.object({ encoding: z.enum(['base64', 'base58']).optional(), skipPreflight: z.boolean().optional() }).passthrough().optional()

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** Solana RPC's JSON form of a transaction error: `"AlreadyProcessed"`, `{ InstructionError: [0, { Custom: 1 }] }`. */
function errorJson(failed: FailedTransactionMetadata): unknown {
  const err: unknown = failed.err()
  if (typeof err === 'number') return FIELDLESS[err] ?? `TransactionError${err}`
  if (err && typeof err === 'object' && 'index' in err && typeof (err as unknown as { err?: unknown }).err === 'function') {
    const inner: unknown = (err as unknown as { err(): unknown }).err()
    const detail = inner && typeof inner === 'object' && 'code' in inner ? { Custom: (inner as { code: number }).code } : typeof inner === 'number' ? `InstructionError${inner}` : String(inner)
    return { InstructionError: [(err as { index: number }).index, detail] }
  }
  // The errors with a field: `{ InsufficientFundsForRent: { account_index: 1 } }`, `{ DuplicateInstruction: 0 }`.
  const name = (err as object | null)?.constructor?.name.replace(/^TransactionError/, '') ?? 'Unknown'
  if (err && typeof err === 'object' && 'accountIndex' in err) return { [name]: { account_index: (err as { accountIndex: number }).accountIndex } }
  if (err && typeof err === 'object' && 'index' in err) return { [name]: (err as { index: number }).index }
  return String(err)
}

/** The -32002 error of a refused `sendTransaction`, with the runtime's error and logs. */
function simulationFailed(failed: FailedTransactionMetadata): RpcError {
  const err = errorJson(failed)
  return new RpcError(-32002, `Transaction simulation failed: ${describe(err)}`, { err, logs: failed.meta().logs(), accounts: null, unitsConsumed: Number(failed.meta().computeUnitsConsumed()) })
}

/** A validator's wording: "Error processing Instruction 0: custom program error: 0x1", or the error's name. */
function describe(err: unknown): string {
  if (typeof err === 'string') return err
  const [field] = Object.keys((err ?? {}) as object)
  if (field && field !== 'InstructionError') return `${field} ${JSON.stringify((err as Record<string, unknown>)[field])}`
  const instruction = (err as { InstructionError?: [number, unknown] }).InstructionError
  if (!instruction) return JSON.stringify(err)
  const [index, detail] = instruction
  const custom = (detail as { Custom?: number } | null)?.Custom
  return `Error processing Instruction ${index}: ${custom === undefined ? String(detail) : `custom program error: 0x${custom.toString(16)}`}`
}

/**
 * Starts the RPC server over a fresh litesvm; `port: 0` picks a free one.
 * @example const rpc = await startSolanaRpc({ port: 8899 }); new Connection(rpc.url).getBalance(key)
 */
export async function startSolanaRpc(options: { port?: number; host?: string } = {}): Promise<SolanaRpc> {
  const svm = new LiteSVM().withTransactionHistory(10_000n)
  /** signature → the slot it landed in and its error (null: success). */
  const statuses = new Map<string, { slot: number; err: unknown }>()
  const slot = () => svm.getClock().slot
  const context = () => ({ apiVersion: '2.2.0', slot: Number(slot()) })
  const landed = (signature: string, err: unknown) => {
    statuses.set(signature, { slot: Number(slot()), err })
    svm.warpToSlot(slot() + 1n)
  }
  const decode = (data: string, encoding: 'base64' | 'base58' = 'base58'): Uint8Array => {
    try {
      return encoding === 'base64' ? Uint8Array.from(Buffer.from(data, 'base64')) : bs58.decode(data)
    } catch {
      throw new RpcError(-32602, `invalid transaction: failed to decode ${encoding} string`)
    }
  }
  const transaction = (bytes: Uint8Array) => {
    try {
      return getTransactionDecoder().decode(bytes)
    } catch (error) {
      throw new RpcError(-32602, `invalid transaction: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const firstSignature = (tx: ReturnType<typeof transaction>): string => {
    const bytes = Object.values(tx.signatures)[0]
    return bytes ? bs58.encode(bytes) : ''
  }

  const decimalsOf = (mint: string): number => {
    const found = svm.getAccount(mint as never)
    return (found.exists ? readMintData(found.data as Uint8Array)?.decimals : undefined) ?? 0
  }
  /** A token account as RPC nodes parse it (`jsonParsed`). */
  const parsedTokenAccount = (account: { mint: string; owner: string; amount: bigint }, program: string, space: number) => ({
    program: program === TOKEN_PROGRAMS[0] ? 'spl-token' : 'spl-token-2022',
    parsed: { type: 'account', info: { isNative: false, mint: account.mint, owner: account.owner, state: 'initialized', tokenAmount: tokenAmount(account.amount, decimalsOf(account.mint)) } },
    space,
  })

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => LOCAL_GENESIS_HASH,
    getSlot: () => Number(slot()),
    getBlockHeight: () => Number(slot()),
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(slot() + BLOCKHASH_SLOTS) } }),
    isBlockhashValid: ([blockhash]) => ({ context: context(), value: z.string().parse(blockhash) === svm.latestBlockhash() }),
    getBalance: ([key]) => ({ context: context(), value: Number(svm.getBalance(Pubkey.parse(key) as never) ?? 0n) }),
    getAccountInfo: ([key]) => {
      const account = svm.getAccount(Pubkey.parse(key) as never)
      if (!account.exists) return { context: context(), value: null }
      return {
        context: context(),
        value: { data: [Buffer.from(account.data).toString('base64'), 'base64'], executable: account.executable, lamports: Number(account.lamports), owner: account.programAddress, rentEpoch: 18446744073709551615, space: Number(account.space) },
      }
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const wanted = TokenFilter.parse(filter)
      const { encoding } = AccountsConfig.parse(config) ?? {}
      const mint = 'mint' in wanted ? svm.getAccount(wanted.mint as never) : null
      const program = 'programId' in wanted ? wanted.programId : mint?.exists ? (mint.programAddress as string) : null
      if (program === null) throw new RpcError(-32602, 'Invalid param: could not find mint')
      if (!TOKEN_PROGRAMS.includes(program)) throw new RpcError(-32602, 'Invalid param: unrecognized Token program id')
      const accounts = tokenAccountsOf(svm, Pubkey.parse(owner), { program, ...('mint' in wanted ? { mint: wanted.mint } : {}) })
      return {
        context: context(),
        value: accounts.map(({ address, data, lamports, account }) => ({
          pubkey: address,
          account: {
            data: encoding === 'jsonParsed' ? parsedTokenAccount(account, program, data.length) : [Buffer.from(data).toString('base64'), 'base64'],
            executable: false,
            lamports: Number(lamports),
            owner: program,
            rentEpoch: 18446744073709551615,
            space: data.length,
          },
        })),
      }
    },
    getTokenAccountBalance: ([key]) => {
      const found = svm.getAccount(Pubkey.parse(key) as never)
      const account = found.exists && TOKEN_PROGRAMS.includes(found.programAddress) ? readTokenAccountData(found.data as Uint8Array) : null
      if (!account) throw new RpcError(-32602, 'Invalid param: not a Token account')
      return { context: context(), value: tokenAmount(account.amount, decimalsOf(account.mint)) }
    },
    getMinimumBalanceForRentExemption: ([length]) => Number(svm.minimumBalanceForRentExemption(BigInt(z.number().int().min(0).max(10 * 1024 * 1024).parse(length)))),
    getFeeForMessage: ([message]) => {
      const bytes = decode(Encoded.parse(message), 'base64')
      // The header's first byte counts the required signatures (after the 0x80 prefix of a versioned message).
      const signers = (bytes[0]! & 0x80 ? bytes[1] : bytes[0]) ?? 0
      return { context: context(), value: signers * LAMPORTS_PER_SIGNATURE }
    },
    requestAirdrop: ([key, lamports]) => {
      const amount = z.number().int().positive().max(1_000_000 * 1e9).parse(lamports)
      const result = svm.airdrop(Pubkey.parse(key) as never, BigInt(amount) as never)
      if (!(result instanceof TransactionMetadata)) throw new RpcError(-32603, `airdrop failed: ${result ? JSON.stringify(errorJson(result)) : 'no result'}`)
      const signature = bs58.encode(result.signature())
      landed(signature, null)
      return signature
    },
    sendTransaction: ([data, config]) => {
      const { encoding, skipPreflight } = SendConfig.parse(config) ?? {}
      const tx = transaction(decode(Encoded.parse(data), encoding ?? 'base58'))
      // Preflight, as a validator's RPC does: a transaction that would fail is refused and costs nothing.
      const preflight = skipPreflight ? null : svm.simulateTransaction(tx)
      if (preflight instanceof FailedTransactionMetadata) throw simulationFailed(preflight)
      const result = svm.sendTransaction(tx)
      if (result instanceof FailedTransactionMetadata) {
        // Refused before execution (a bad signature, a stale blockhash, a duplicate) never lands;
        // one that failed while running (preflight skipped) lands with its error and pays its fee.
        if (!skipPreflight || result.meta().signature().every((byte) => byte === 0)) throw simulationFailed(result)
        const signature = firstSignature(tx)
        landed(signature, errorJson(result))
        return signature
      }
      const signature = firstSignature(tx)
      landed(signature, null)
      return signature
    },
    simulateTransaction: ([data, config]) => {
      const { encoding } = Config.parse(config) ?? {}
      const result = svm.simulateTransaction(transaction(decode(Encoded.parse(data), encoding ?? 'base58')))
      if (result instanceof FailedTransactionMetadata) {
        return { context: context(), value: { err: errorJson(result), logs: result.meta().logs(), accounts: null, unitsConsumed: Number(result.meta().computeUnitsConsumed()), returnData: null } }
      }
      const meta = result.meta()
      return { context: context(), value: { err: null, logs: meta.logs(), accounts: null, unitsConsumed: Number(meta.computeUnitsConsumed()), returnData: null } }
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: z
        .array(z.string().max(100))
        .max(256)
        .parse(signatures)
        .map((signature) => {
          const status = statuses.get(signature)
          return status ? { slot: status.slot, confirmations: null, err: status.err, status: status.err === null ? { Ok: null } : { Err: status.err }, confirmationStatus: 'finalized' } : null
        }),
    }),
  }

  const call = (body: unknown): unknown => {
    const parsed = Request.safeParse(body)
    if (!parsed.success) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
    const { id, method, params = [] } = parsed.data
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!run) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: run(params) }
    } catch (error) {
      if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } }
      if (error instanceof z.ZodError) return { jsonrpc: '2.0', id, error: { code: -32602, message: `Invalid params: ${error.issues[0]?.message ?? 'bad value'}` } }
      return { jsonrpc: '2.0', id, error: { code: -32603, message: error instanceof Error ? error.message : 'Internal error' } }
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res, call).catch(() => {
      if (!res.headersSent) reply(res, 500, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } })
      else res.destroy()
    })
  })
  return { ...(await listen(server, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' })), svm }
}

async function handle(req: IncomingMessage, res: ServerResponse, call: (body: unknown) => unknown): Promise<void> {
  // A dev cluster whose airdrop mints coins: this machine's pages only (issue L-13's rule for dev services).
  if (!isLoopbackOrigin(req.headers.origin) || !isLoopbackHost(req.headers.host)) return reply(res, 403, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Forbidden' } })
  if (req.headers.origin) res.setHeader('access-control-allow-origin', req.headers.origin)
  res.setHeader('vary', 'origin')
  res.setHeader('access-control-allow-methods', 'POST,OPTIONS')
  res.setHeader('access-control-allow-headers', 'content-type,solana-client')
  if (req.method === 'OPTIONS') return reply(res, 204, null)
  if (req.method !== 'POST') return reply(res, 405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Use POST' } })
  let text: string
  try {
    text = await readBody(req, MAX_BODY)
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error
    res.setHeader('connection', 'close')
    return reply(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } })
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return reply(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  }
  if (Array.isArray(body)) return reply(res, 200, body.length === 0 || body.length > 32 ? { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } } : body.map(call))
  return reply(res, 200, call(body))
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (body === null) {
    res.writeHead(status)
    res.end()
    return
  }
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
