/** `airlock-kit/chains`: CAIP ids, address formats, ENSIP-11 coin types, display helpers, the network catalogue and the RPC method lists. */
export { CHAIN_NAMESPACES } from './types.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, NativeCurrency, Network } from './types.js'
export { caipAddressSchema, caipNetworkIdSchema } from './caipSchemas.js'
export {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.js'
export { isAddressFor, isBitcoinAddress, isEvmAddress, isSolanaAddress } from './address.js'
export type { BitcoinNetworkName } from './address.js'
export { chainIdToCoinType } from './coinType.js'
export { avatarColorFromAddress, formatAddress, isHttpUrl, isSignedMessage, isTxHash } from './format.js'
export { isSafeOpenUrl } from './isSafeOpenUrl.js'
export { networkSchema } from './networkSchema.js'
export {
  NETWORKS,
  SWAP_SUPPORTED_CHAIN_IDS,
  airlockDevnet,
  airlockDevnet2,
  arbitrum,
  aurora,
  avalanche,
  base,
  bitcoin,
  bitcoinTestnet,
  bitcoinSignet,
  airlockBitcoinRegtest,
  bsc,
  celo,
  ethereum,
  fantom,
  getEvmNetwork,
  getNetworkByCaipId,
  gnosis,
  kaia,
  mainnet,
  optimism,
  polygon,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  airlockSolanaLocal,
  zksync,
} from './networks.js'
export { isAllowedRpcMethod, isSafeRpcMethod, RPC_NOT_ALLOWED_MESSAGE, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, WALLET_MANAGEMENT_METHODS } from './evm/rpcMethods.js'
