import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { deployDevAssets, type DevAssets } from '../../examples/devnet/contracts/deployDevAssets.js'
import { airlockDevnet } from '../chains/networks.js'
import type { Network } from '../chains/types.js'
import { readTokensByRpc } from './readTokensByRpc.js'

/** Without a project id: the native balance and the host's listed ERC-20s straight from a real anvil with the dev tokens (SPEC issue 14 deliver 8). */
describe('readTokensByRpc (anvil with the dev assets)', () => {
  let anvil: Anvil
  let assets: DevAssets
  let network: Network
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    assets = await deployDevAssets(anvil.rpcUrl, 31337, 'http://127.0.0.1:8787/dev/nft/31337/')
    network = { ...airlockDevnet, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  }, 60_000)
  afterAll(async () => {
    await anvil?.stop()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** The JSON-RPC requests sent to anvil while `run` runs (fetch spied on, passed through). */
  async function rpcSent<T>(run: () => Promise<T>): Promise<{ result: T; sent: { method: string; params: unknown[] }[] }> {
    const sent: { method: string; params: unknown[] }[] = []
    const real = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url.startsWith(anvil.rpcUrl) && typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as { method: string; params: unknown[] } | { method: string; params: unknown[] }[]
        for (const request of Array.isArray(body) ? body : [body]) sent.push({ method: request.method, params: request.params })
      }
      return real(input, init)
    })
    const result = await run()
    vi.restoreAllMocks()
    return { result, sent }
  }

  test('default: the native balance and the listed dUSD and ADT, read in one eth_getBalance and one deployless multicall', async () => {
    const [usd, adt] = assets.tokens
    const address = ANVIL_ACCOUNTS[0].address
    const native = BigInt(await anvil.rpc<string>('eth_getBalance', [address, 'latest']))
    expect(native).toBe(10_000n * 10n ** 18n)
    const { result, sent } = await rpcSent(() => readTokensByRpc({ network, address, tokens: [{ address: usd!.address }, { address: adt!.address }] }))
    expect(result).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '10000' }, iconUrl: '' },
      { name: 'Airlock Dev USD', symbol: 'dUSD', chainId: 'eip155:31337', address: `eip155:31337:${usd!.address}`, value: 0, price: 0, quantity: { decimals: '6', numeric: '1000' }, iconUrl: '' },
      { name: 'Airlock Dev Token', symbol: 'ADT', chainId: 'eip155:31337', address: `eip155:31337:${adt!.address}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '50' }, iconUrl: '' },
    ])
    expect(sent.map((s) => s.method).sort()).toEqual(['eth_call', 'eth_getBalance'])
    // Deployless: the call carries the multicall contract's code instead of a `to` (no Multicall3 on a fresh chain).
    const [call] = sent.find((s) => s.method === 'eth_call')!.params as [{ to?: string; data: string }]
    expect(call.to).toBeUndefined()
    expect(call.data.length).toBeGreaterThan(1_000)
  })

  test('behavior: an account without tokens lists its balances at 0; no listed tokens: only the native balance, no multicall', async () => {
    const [usd] = assets.tokens
    const stranger = '0x000000000000000000000000000000000000bEEF'
    const held = await readTokensByRpc({ network, address: stranger, tokens: [{ address: usd!.address }] })
    expect(held.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['ETH', '0'],
      ['dUSD', '0'],
    ])
    const { result, sent } = await rpcSent(() => readTokensByRpc({ network, address: ANVIL_ACCOUNTS[1].address, tokens: [] }))
    expect(result.map((t) => t.symbol)).toEqual(['ETH'])
    expect(sent.map((s) => s.method)).toEqual(['eth_getBalance'])
  })

  test('edge: a listed address that is not a contract is left out; an invalid address string is skipped and the others keep their own values', async () => {
    const [usd, adt] = assets.tokens
    const notAContract = ANVIL_ACCOUNTS[6].address
    const empty = '0x00000000000000000000000000000000DeaDBeef'
    const { result, sent } = await rpcSent(() =>
      readTokensByRpc({
        network,
        address: ANVIL_ACCOUNTS[0].address,
        tokens: [{ address: 'not-an-address' }, { address: usd!.address }, { address: notAContract }, { address: '0x1234' }, { address: empty }, { address: adt!.address }],
      }),
    )
    expect(result.map((t) => [t.symbol, t.address ?? null, t.quantity])).toEqual([
      ['ETH', null, { decimals: '18', numeric: '10000' }],
      ['dUSD', `eip155:31337:${usd!.address}`, { decimals: '6', numeric: '1000' }],
      ['ADT', `eip155:31337:${adt!.address}`, { decimals: '18', numeric: '50' }],
    ])
    // Still one multicall for everything listed.
    expect(sent.filter((s) => s.method === 'eth_call')).toHaveLength(1)
  })

  test('edge: an RPC that is down rejects (the epic turns it into a failure and a pause)', async () => {
    const down = { ...network, rpcUrls: { default: { http: [`http://127.0.0.1:${await freePort()}`] } } }
    await expect(readTokensByRpc({ network: down, address: ANVIL_ACCOUNTS[0].address, tokens: [{ address: assets.tokens[0]!.address }] })).rejects.toThrow()
  })
})
