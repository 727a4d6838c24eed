import { describe, expect, test } from 'vitest'
import { airlockDevnet } from '../chains/networks.js'
import type { AirlockDeps } from '../deps.js'
import { initialState } from '../../tests/support/state.js'
import { walletAssets, withPrices } from './readTokens.js'
import type { TokenBalance } from './types.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HEX_ID = `0x${(31337).toString(16)}`

/** A wallet answering the two EIP-7811 calls with the given values (or throwing), recording them. */
function wallet(capabilities: unknown, assets: unknown) {
  const calls: string[] = []
  const request = async (method: string) => {
    calls.push(method)
    const answer = method === 'wallet_getCapabilities' ? capabilities : assets
    if (answer instanceof Error) throw answer
    return answer
  }
  return { request, calls }
}

const asset = (overrides: Record<string, unknown> = {}) => ({ address: TOKEN, balance: '0x16345785d8a0000', type: 'ERC20', metadata: { name: 'Dev', symbol: 'DEV', decimals: 18 }, ...overrides })

describe('walletAssets (EIP-7811, SPEC 7)', () => {
  test('default: a wallet that discovers assets on the chain answers the list, as token balances of that chain', async () => {
    const { request, calls } = wallet({ [HEX_ID]: { assetDiscovery: { supported: true } } }, { [HEX_ID]: [asset(), asset({ address: '0x0', type: 'NATIVE', balance: '0xde0b6b3a7640000', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } })] })
    const tokens = await walletAssets(request, ACCOUNT, airlockDevnet)
    expect(calls).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
    expect(tokens).toEqual([
      { name: 'Dev', symbol: 'DEV', chainId: 'eip155:31337', address: `eip155:31337:${TOKEN}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '0.1' }, iconUrl: '' },
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
    ])
  })

  test('behavior: no asset discovery on this chain, an error or a malformed answer mean "ask the data service" (null)', async () => {
    expect(await walletAssets(wallet({ '0x1': { assetDiscovery: { supported: true } } }, {}).request, ACCOUNT, airlockDevnet)).toBeNull()
    expect(await walletAssets(wallet(new Error('Method not found'), {}).request, ACCOUNT, airlockDevnet)).toBeNull()
    expect(await walletAssets(wallet({ [HEX_ID]: { assetDiscovery: { supported: true } } }, 'nonsense').request, ACCOUNT, airlockDevnet)).toBeNull()
  })

  test('edge: tokens of 0 decimals and entries that do not parse are dropped, the rest kept', async () => {
    const { request } = wallet({ [HEX_ID]: { assetDiscovery: { supported: true } } }, { [HEX_ID]: [asset({ metadata: { name: 'NFT-ish', symbol: 'NFT', decimals: 0 } }), asset({ balance: 'lots' }), asset()] })
    expect((await walletAssets(request, ACCOUNT, airlockDevnet))?.map((t) => t.symbol)).toEqual(['DEV'])
  })
})

describe('withPrices (POST /v1/fungible/price)', () => {
  const unpriced: TokenBalance[] = [
    { name: 'Dev', symbol: 'DEV', chainId: 'eip155:31337', address: `eip155:31337:${TOKEN}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '4' }, iconUrl: '' },
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
  ]
  const deps = (post: (args: { path: string; body?: unknown }) => Promise<unknown>) => ({ http: { blockchain: { post } } }) as unknown as AirlockDeps
  const state = initialState({ projectId: 'p' })

  test('default: the tokens are priced by the service, matched by symbol, with their USD value', async () => {
    const bodies: unknown[] = []
    const priced = await withPrices(unpriced, state, deps(async ({ path, body }) => (bodies.push({ path, body }), { fungibles: [{ name: 'Dev', symbol: 'DEV', price: 2.5 }] })), new AbortController().signal)
    expect(bodies).toEqual([{ path: '/v1/fungible/price', body: { currency: 'usd', addresses: [`eip155:31337:${TOKEN}`], projectId: 'p' } }])
    expect(priced[0]).toMatchObject({ symbol: 'DEV', price: 2.5, value: 10 })
    expect(priced[1]).toBe(unpriced[1])
  })

  test('behavior: a failed price call leaves the tokens unpriced rather than failing the list', async () => {
    const priced = await withPrices(unpriced, state, deps(async () => Promise.reject(new Error('HTTP status code: 500'))), new AbortController().signal)
    expect(priced).toBe(unpriced)
  })
})
