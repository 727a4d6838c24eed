import { z } from 'zod'
import { isSafeRpcMethod, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from '../chains/evm/rpcMethods.js'

/**
 * SPEC 3 "Rpc request methods allowed": the frame accepts only these. The lists are the ones the
 * browser-wallet path uses (`core/chains/evm/rpcMethods.ts`), so a method is safe or unsafe in one
 * place only; wallet-management calls (`wallet_switchEthereumChain`...) are not rpc requests here,
 * the frame has SWITCH_NETWORK for that.
 */
export const FRAME_SAFE_RPC_METHODS: readonly string[] = SAFE_RPC_METHODS
export const FRAME_UNSAFE_RPC_METHODS: readonly string[] = UNSAFE_RPC_METHODS

const frameMethods = new Set([...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS])

/** Safe (read-only, never asks for approval) vs anything else the frame would sign or send. */
export function isFrameRpcMethodSafe(method: string): boolean {
  return isSafeRpcMethod(method)
}

/** One of the methods the frame accepts at all (SPEC 3 "Only listed ... are recognised"). */
export function isFrameRpcMethodAllowed(method: string): boolean {
  return frameMethods.has(method)
}

const MAX_PARAMS = 32
const hex = z.string().max(262_144).regex(/^0x[0-9a-fA-F]*$/, 'Expected hex')
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
const chainId = z.union([z.string().max(64), z.number().int().nonnegative().safe()])
const base58OrBase64 = z.string().min(1).max(262_144)

/** SPEC 5 "wallet_sendCalls targets and data start with 0x". */
const callSchema = z.object({ to: evmAddress, data: hex.optional(), value: hex.optional() })

const transactionSchema = z
  .object({
    from: evmAddress.optional(),
    to: evmAddress.optional(),
    data: hex.optional(),
    value: hex.optional(),
    gas: hex.optional(),
    gasPrice: hex.optional(),
    maxFeePerGas: hex.optional(),
    maxPriorityFeePerGas: hex.optional(),
    nonce: hex.optional(),
    chainId: hex.optional(),
  })
  .passthrough()

/** SPEC 3: sign-and-send options of the Solana methods. */
export const solanaSendOptionsSchema = z.object({
  skipPreflight: z.boolean().optional(),
  preflightCommitment: z.enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']).optional(),
  maxRetries: z.number().int().nonnegative().safe().optional(),
  minContextSlot: z.number().int().nonnegative().safe().optional(),
})

const SHAPED_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_sendRawTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
])

const common = { chainId: chainId.optional() }
const anyParams = z.union([z.array(z.unknown()).max(MAX_PARAMS), z.record(z.unknown())]).optional()

export const rpcRequestSchema = z.union([
  z.object({ ...common, method: z.literal('personal_sign'), params: z.tuple([z.string().max(262_144), evmAddress]) }),
  z.object({
    ...common,
    method: z.literal('eth_signTypedData_v4'),
    params: z.tuple([evmAddress, z.union([z.string().max(262_144), z.record(z.unknown())])]),
  }),
  z.object({ ...common, method: z.literal('eth_sendTransaction'), params: z.tuple([transactionSchema]) }),
  z.object({ ...common, method: z.literal('eth_sendRawTransaction'), params: z.tuple([hex]) }),
  z.object({ ...common, method: z.literal('solana_signMessage'), params: z.object({ message: base58OrBase64, pubkey: base58OrBase64 }) }),
  z.object({ ...common, method: z.literal('solana_signTransaction'), params: z.object({ transaction: base58OrBase64 }) }),
  z.object({ ...common, method: z.literal('solana_signAllTransactions'), params: z.object({ transactions: z.array(base58OrBase64).max(100) }) }),
  z.object({
    ...common,
    method: z.literal('solana_signAndSendTransaction'),
    // `sendOptions` is WalletConnect's name for them, `options` the frame protocol's: either is checked.
    params: z.object({ transaction: base58OrBase64, options: solanaSendOptionsSchema.optional(), sendOptions: solanaSendOptionsSchema.optional() }),
  }),
  z.object({
    ...common,
    method: z.literal('wallet_sendCalls'),
    params: z.tuple([
      z
        .object({ version: z.string().max(16).optional(), chainId: hex.optional(), from: evmAddress.optional(), calls: z.array(callSchema).min(1).max(100) })
        .passthrough(),
    ]),
  }),
  z.object({ ...common, method: z.literal('wallet_getCallsStatus'), params: z.tuple([z.string().max(256)]) }),
  // The rest: other listed methods (reads, permissions, user operations) with bounded params.
  z.object({
    ...common,
    method: z
      .string()
      .max(64)
      // Methods with a shape above must match it: a malformed personal_sign is not let through here.
      .refine((m) => frameMethods.has(m) && !SHAPED_METHODS.has(m), 'Requested RPC call is not allowed'),
    params: anyParams,
  }),
])

export type FrameRpcRequest = z.infer<typeof rpcRequestSchema>
