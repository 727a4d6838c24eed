import { describe, expect, test } from 'vitest'
import { parseCaipNetworkId } from './caip.js'
import {
  NETWORKS,
  SWAP_SUPPORTED_CHAIN_IDS,
  airlockDevnet,
  airlockBitcoinRegtest,
  airlockSolanaLocal,
  airlockDevnet2,
  bitcoin,
  bitcoinSignet,
  bitcoinTestnet,
  ethereum,
  getEvmNetwork,
  getNetworkByCaipId,
  networkSchema,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
} from './networks.js'

describe('NETWORKS', () => {
  test('default', () => {
    expect(NETWORKS).toContain(ethereum)
    expect(ethereum).toMatchObject({ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', nativeCurrency: { symbol: 'ETH', decimals: 18 } })
  })

  test.each(NETWORKS.map((network) => [network.caipNetworkId, network] as const))('behavior: %s passes networkSchema', (_, network) => {
    expect(networkSchema.parse(network)).toEqual(network)
  })

  test.each(NETWORKS.map((network) => [network.caipNetworkId, network] as const))('behavior: %s has a matching CAIP id', (_, network) => {
    const parsed = parseCaipNetworkId(network.caipNetworkId)
    expect(parsed.chainNamespace).toBe(network.chainNamespace)
    expect(parsed.chainId).toBe(String(network.id))
  })

  test('behavior: ids and names are unique', () => {
    expect(new Set(NETWORKS.map((n) => n.caipNetworkId)).size).toBe(NETWORKS.length)
    expect(new Set(NETWORKS.map((n) => n.name)).size).toBe(NETWORKS.length)
  })

  test('behavior: includes every chain of the brief', () => {
    const evmIds = NETWORKS.filter((n) => n.chainNamespace === 'eip155').map((n) => n.id)
    expect(evmIds.sort((a, b) => Number(a) - Number(b))).toEqual([
      1, 10, 56, 100, 137, 250, 324, 8217, 8453, 31337, 31338, 42161, 42220, 43114, 11155111, 1313161554,
    ])
    expect([solana, solanaDevnet, solanaTestnet].map((n) => n.caipNetworkId)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
    expect([bitcoin, bitcoinTestnet, bitcoinSignet, airlockBitcoinRegtest].map((n) => n.caipNetworkId)).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    ])
  })

  test('behavior: native currencies per SPEC 3 and testnet flags', () => {
    for (const n of [solana, solanaDevnet, solanaTestnet]) expect(n.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    for (const n of [bitcoin, bitcoinTestnet, bitcoinSignet, airlockBitcoinRegtest]) expect(n.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
    expect(NETWORKS.filter((n) => n.testnet).map((n) => n.name).sort()).toEqual(
      ['Airlock Devnet', 'Airlock Devnet 2', 'Airlock Bitcoin Regtest', 'Airlock Solana Local', 'Bitcoin Signet', 'Bitcoin Testnet', 'Sepolia', 'Solana Devnet', 'Solana Testnet'].sort(),
    )
    expect(sepolia.testnet).toBe(true)
  })

  test('behavior: local devnets point at anvil on 127.0.0.1', () => {
    expect(airlockDevnet).toMatchObject({ id: 31337, name: 'Airlock Devnet', testnet: true, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
    expect(airlockDevnet2).toMatchObject({ id: 31338, name: 'Airlock Devnet 2', testnet: true, rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } })
    expect(airlockDevnet.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(airlockBitcoinRegtest).toMatchObject({ chainNamespace: 'bip122', testnet: true, rpcUrls: { default: { http: ['http://127.0.0.1:8790'] } } })
    expect(airlockBitcoinRegtest.blockExplorers).toBeUndefined()
    expect(airlockSolanaLocal).toMatchObject({ chainNamespace: 'solana', testnet: true, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } }, nativeCurrency: { symbol: 'SOL', decimals: 9 } })
  })

  test('behavior: public networks use https RPCs and explorers', () => {
    for (const n of NETWORKS.filter((network) => network !== airlockDevnet && network !== airlockDevnet2 && network !== airlockBitcoinRegtest && network !== airlockSolanaLocal)) {
      for (const url of [...n.rpcUrls.default.http, n.blockExplorers?.default.url]) expect(url).toMatch(/^https:\/\//)
    }
  })
})

describe('SWAP_SUPPORTED_CHAIN_IDS', () => {
  test('default', () => {
    expect(SWAP_SUPPORTED_CHAIN_IDS).toHaveLength(12)
    expect(new Set(SWAP_SUPPORTED_CHAIN_IDS).size).toBe(12)
  })

  test('behavior: every swap chain is in the catalogue', () => {
    for (const id of SWAP_SUPPORTED_CHAIN_IDS) expect(getEvmNetwork(id)?.id).toBe(id)
  })
})

describe('lookups', () => {
  test('default', () => {
    expect(getNetworkByCaipId('eip155:8453')?.name).toBe('Base')
    expect(getNetworkByCaipId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe(solanaDevnet)
    expect(getEvmNetwork(10)?.name).toBe('OP Mainnet')
  })

  test('behavior: unknown or malformed ids give undefined', () => {
    expect(getNetworkByCaipId('eip155:999999')).toBeUndefined()
    expect(getNetworkByCaipId('')).toBeUndefined()
    expect(getNetworkByCaipId(42 as unknown as string)).toBeUndefined()
    expect(getEvmNetwork(1.5)).toBeUndefined()
    expect(getEvmNetwork('1' as unknown as number)).toBeUndefined()
  })
})
