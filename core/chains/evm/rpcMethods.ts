/**
 * SPEC 3: only listed methods are recognised. Safe methods read and never
 * need the user's approval; unsafe ones sign, send or grant and always do.
 */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
]

export const UNSAFE_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  // Bitcoin (sats-connect's names, what Bitcoin wallets take): message, PSBT, transfer.
  'signMessage',
  'signPsbt',
  'sendTransfer',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]

/** Connection management an external wallet also answers (prompts, but signs nothing). */
export const WALLET_MANAGEMENT_METHODS: readonly string[] = [
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_getPermissions',
]

const safe = new Set(SAFE_RPC_METHODS)
const known = new Set([...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS, ...WALLET_MANAGEMENT_METHODS])

/** Read-only: never opens an approval. */
export function isSafeRpcMethod(method: string): boolean {
  return safe.has(method)
}

/** One of the recognised methods; anything else is refused with SPEC 8's message. */
export function isAllowedRpcMethod(method: string): boolean {
  return known.has(method)
}

export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
