import type { CaipNetworkId, NativeCurrency, Network } from './types.js'

export { networkSchema } from './networkSchema.js'

// Plain data on purpose (no viem import): networks travel inside actions and state, and this
// module must stay cheap to load. Every definition is marked pure, so a bundler keeps only the
// chains an app imports (the catalogue and the lookups below pull in all of them). URLs follow viem/chains and the chains' own documentation.

const ETH: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const SOL: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const BTC: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** Builds an EVM entry; the CAIP id is derived from the numeric id so the two cannot disagree. */
function evm(
  id: number,
  name: string,
  nativeCurrency: NativeCurrency,
  rpc: string,
  explorer?: { name: string; url: string },
  testnet?: boolean,
): Network {
  return {
    id,
    name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency,
    rpcUrls: { default: { http: [rpc] } },
    ...(explorer ? { blockExplorers: { default: explorer } } : {}),
    ...(testnet === undefined ? {} : { testnet }),
  }
}

/** Builds a Solana or Bitcoin entry, whose chain id is the genesis-hash reference. */
function nonEvm(
  chainNamespace: 'solana' | 'bip122',
  id: string,
  name: string,
  nativeCurrency: NativeCurrency,
  rpc: string,
  explorer: { name: string; url: string } | undefined,
  testnet: boolean,
): Network {
  const caipNetworkId: CaipNetworkId = `${chainNamespace}:${id}`
  return { id, name, chainNamespace, caipNetworkId, nativeCurrency, rpcUrls: { default: { http: [rpc] } }, ...(explorer ? { blockExplorers: { default: explorer } } : {}), testnet }
}

export const ethereum = /* @__PURE__ */ evm(1, 'Ethereum', ETH, 'https://ethereum.reth.rs/rpc', { name: 'Etherscan', url: 'https://etherscan.io' }, false)
/** viem's name for Ethereum mainnet, kept as an alias for hosts coming from viem. */
export const mainnet = ethereum
export const optimism = /* @__PURE__ */ evm(10, 'OP Mainnet', ETH, 'https://mainnet.optimism.io', { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' }, false)
export const bsc = /* @__PURE__ */ evm(56, 'BNB Smart Chain', { name: 'BNB', symbol: 'BNB', decimals: 18 }, 'https://56.rpc.thirdweb.com', { name: 'BscScan', url: 'https://bscscan.com' }, false)
export const gnosis = /* @__PURE__ */ evm(100, 'Gnosis', { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, 'https://rpc.gnosischain.com', { name: 'Gnosisscan', url: 'https://gnosisscan.io' }, false)
export const polygon = /* @__PURE__ */ evm(137, 'Polygon', { name: 'POL', symbol: 'POL', decimals: 18 }, 'https://polygon.drpc.org', { name: 'PolygonScan', url: 'https://polygonscan.com' }, false)
export const fantom = /* @__PURE__ */ evm(250, 'Fantom', { name: 'Fantom', symbol: 'FTM', decimals: 18 }, 'https://250.rpc.thirdweb.com', { name: 'FTMScan', url: 'https://ftmscan.com' }, false)
export const zksync = /* @__PURE__ */ evm(324, 'zkSync Era', ETH, 'https://mainnet.era.zksync.io', { name: 'zkSync Explorer', url: 'https://explorer.zksync.io' }, false)
export const base = /* @__PURE__ */ evm(8453, 'Base', ETH, 'https://mainnet.base.org', { name: 'Basescan', url: 'https://basescan.org' }, false)
/** Kaia, formerly Klaytn (same chain id 8217). */
export const kaia = /* @__PURE__ */ evm(8217, 'Kaia', { name: 'Kaia', symbol: 'KAIA', decimals: 18 }, 'https://public-en.node.kaia.io', { name: 'KaiaScan', url: 'https://kaiascan.io' }, false)
export const arbitrum = /* @__PURE__ */ evm(42161, 'Arbitrum One', ETH, 'https://arb1.arbitrum.io/rpc', { name: 'Arbiscan', url: 'https://arbiscan.io' }, false)
export const avalanche = /* @__PURE__ */ evm(43114, 'Avalanche', { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, 'https://api.avax.network/ext/bc/C/rpc', { name: 'SnowTrace', url: 'https://snowtrace.io' }, false)
export const aurora = /* @__PURE__ */ evm(1313161554, 'Aurora', ETH, 'https://mainnet.aurora.dev', { name: 'Aurorascan', url: 'https://aurorascan.dev' }, false)
export const celo = /* @__PURE__ */ evm(42220, 'Celo', { name: 'CELO', symbol: 'CELO', decimals: 18 }, 'https://forno.celo.org', { name: 'Celo Explorer', url: 'https://celoscan.io' }, false)
export const sepolia = /* @__PURE__ */ evm(11155111, 'Sepolia', { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, 'https://11155111.rpc.thirdweb.com', { name: 'Etherscan', url: 'https://sepolia.etherscan.io' }, true)
/** Local anvil chains for development and the e2e suite; no explorer exists for them. */
export const airlockDevnet = /* @__PURE__ */ evm(31337, 'Airlock Devnet', ETH, 'http://127.0.0.1:8545', undefined, true)
export const airlockDevnet2 = /* @__PURE__ */ evm(31338, 'Airlock Devnet 2', ETH, 'http://127.0.0.1:8546', undefined, true)

// Solana explorers pick the cluster with a query parameter, so append paths before the `?`.
export const solana = /* @__PURE__ */ nonEvm('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', SOL, 'https://api.mainnet-beta.solana.com', { name: 'Solana Explorer', url: 'https://explorer.solana.com' }, false)
export const solanaDevnet = /* @__PURE__ */ nonEvm('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', SOL, 'https://api.devnet.solana.com', { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=devnet' }, true)
export const solanaTestnet = /* @__PURE__ */ nonEvm('solana', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', SOL, 'https://api.testnet.solana.com', { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=testnet' }, true)
/** The dev stack's Solana cluster (litesvm behind JSON-RPC, examples/devnet/solana/, SOLANA_PORT); CAIP-2 from its genesis hash. */
export const airlockSolanaLocal = /* @__PURE__ */ nonEvm('solana', 'AirLockLocaLSo1ana11111111111111', 'Airlock Solana Local', SOL, 'http://127.0.0.1:8899', undefined, true)
// Bitcoin has no JSON-RPC for browsers; the Esplora REST API of mempool.space is the de facto public endpoint.
export const bitcoin = /* @__PURE__ */ nonEvm('bip122', '000000000019d6689c085ae165831e93', 'Bitcoin', BTC, 'https://mempool.space/api', { name: 'Mempool', url: 'https://mempool.space' }, false)
export const bitcoinTestnet = /* @__PURE__ */ nonEvm('bip122', '000000000933ea01ad0ee984209779ba', 'Bitcoin Testnet', BTC, 'https://mempool.space/testnet/api', { name: 'Mempool', url: 'https://mempool.space/testnet' }, true)
export const bitcoinSignet = /* @__PURE__ */ nonEvm('bip122', '00000008819873e925422c1ff0f99f7c', 'Bitcoin Signet', BTC, 'https://mempool.space/signet/api', { name: 'Mempool', url: 'https://mempool.space/signet' }, true)
/** The dev stack's Bitcoin regtest chain (examples/devnet/bitcoin/, BITCOIN_PORT): regtest's genesis, an Esplora API. */
export const airlockBitcoinRegtest = /* @__PURE__ */ nonEvm('bip122', '0f9188f13cb7b2c71f2a335e3a4fc328', 'Airlock Bitcoin Regtest', BTC, 'http://127.0.0.1:8790', undefined, true)

/** Every network Airlock knows, mainnets first within each family. */
export const NETWORKS: readonly Network[] = /* @__PURE__ */ Object.freeze([
  ethereum, optimism, bsc, gnosis, polygon, fantom, zksync, base, kaia, arbitrum, avalanche, aurora, celo,
  sepolia, airlockDevnet, airlockDevnet2,
  solana, solanaDevnet, solanaTestnet, airlockSolanaLocal,
  bitcoin, bitcoinTestnet, bitcoinSignet, airlockBitcoinRegtest,
])

/** SPEC 9: the 12 EVM chains where swaps are offered. */
export const SWAP_SUPPORTED_CHAIN_IDS = [1, 10, 56, 100, 137, 250, 324, 8453, 8217, 42161, 43114, 1313161554] as const

// Built on first lookup, not at load: a top-level `NETWORKS.map` would keep every chain in every bundle.
let byCaipIdCache: Map<string, Network> | undefined
const byCaipId = (): Map<string, Network> => (byCaipIdCache ??= new Map(NETWORKS.map((network) => [network.caipNetworkId, network])))

/**
 * Finds a catalogue network by CAIP-2 id; undefined when unknown (never throws).
 * @example getNetworkByCaipId('eip155:8453')?.name // 'Base'
 */
export function getNetworkByCaipId(id: string): Network | undefined {
  return typeof id === 'string' ? byCaipId().get(id) : undefined
}

/**
 * Finds a catalogue EVM network by numeric chain id.
 * @example getEvmNetwork(10)?.name // 'OP Mainnet'
 */
export function getEvmNetwork(chainId: number): Network | undefined {
  return typeof chainId === 'number' ? byCaipId().get(`eip155:${chainId}`) : undefined
}
