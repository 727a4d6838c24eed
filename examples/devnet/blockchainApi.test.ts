import { createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from './anvil.js'
import { createBlockchainApi, type DataBalance } from './blockchainApi.js'
import { deployDevAssets, type DevAssets } from './contracts/deployDevAssets.js'
import { startGateway, type Gateway } from './gateway.js'

/** The dev data service's balances (issue 14 deliver 9), read from a real anvil chain. */
describe('dev blockchain data service: balances', () => {
  let anvil: Anvil
  let gateway: Gateway
  let assets: DevAssets
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    const api = createBlockchainApi()
    gateway = await startGateway({ port: 0, routes: api.route })
    assets = await deployDevAssets(anvil.rpcUrl, 31337, `${gateway.url}/dev/nft/31337/`)
    api.setChains([{ chainId: 31337, rpcUrl: anvil.rpcUrl, assets }])
  }, 60_000)
  afterAll(async () => {
    await gateway?.close()
    await anvil?.stop()
  })

  const balances = async (address: string, query = '?currency=usd&chainId=eip155:31337') => {
    const response = await fetch(`${gateway.url}/v1/account/${address}/balance${query}`)
    return { status: response.status, body: (await response.json()) as { balances?: DataBalance[]; message?: string } }
  }

  test('default: native and token balances from the chain, priced, spam left out', async () => {
    const { status, body } = await balances(ANVIL_ACCOUNTS[0].address)
    expect(status).toBe(200)
    const [usd, adt] = assets.tokens
    expect(body.balances).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30_000_000, price: 3000, quantity: { decimals: '18', numeric: '10000' }, iconUrl: '' },
      { name: 'Airlock Dev USD', symbol: 'dUSD', chainId: 'eip155:31337', address: `eip155:31337:${usd!.address}`, value: 1000, price: 1, quantity: { decimals: '6', numeric: '1000' }, iconUrl: '' },
      { name: 'Airlock Dev Token', symbol: 'ADT', chainId: 'eip155:31337', address: `eip155:31337:${adt!.address}`, value: 125, price: 2.5, quantity: { decimals: '18', numeric: '50' }, iconUrl: '' },
    ])
  })

  test('behavior: a transfer on the chain shows at once; an account without tokens lists only the native balance', async () => {
    const [usd] = assets.tokens
    const sender = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[2].privateKey), transport: http(anvil.rpcUrl) })
    await sender.writeContract({ address: usd!.address, abi: erc20Abi, functionName: 'transfer', args: [ANVIL_ACCOUNTS[5].address, parseUnits('1.5', 6)], chain: null })
    const received = (await balances(ANVIL_ACCOUNTS[5].address)).body.balances!
    expect(received.find((b) => b.symbol === 'dUSD')?.quantity).toEqual({ decimals: '6', numeric: '1.5' })
    expect((await balances(ANVIL_ACCOUNTS[2].address)).body.balances!.find((b) => b.symbol === 'dUSD')?.quantity.numeric).toBe('998.5')
    const stranger = '0x000000000000000000000000000000000000bEEF'
    expect((await balances(stranger)).body.balances!.map((b) => b.symbol)).toEqual(['ETH'])
  })

  test('error: an invalid address is a 400; an unknown chain answers no balances', async () => {
    expect(await balances('not-an-address')).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect((await balances(ANVIL_ACCOUNTS[0].address, '?chainId=eip155:1')).body).toEqual({ balances: [] })
  })
})
