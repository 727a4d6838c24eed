import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from './anvil.js'
import { createBlockchainApi, type DataBalance } from './blockchainApi.js'
import type { HistoryTransaction } from './historyIndexer.js'
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
    const sent = await sender.writeContract({ address: usd!.address, abi: erc20Abi, functionName: 'transfer', args: [ANVIL_ACCOUNTS[5].address, parseUnits('1.5', 6)], chain: null })
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash: sent })
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

  const history = async (account: string, query = '?chainId=eip155:31337') => {
    const response = await fetch(`${gateway.url}/v1/account/${account}/history${query}`)
    return { status: response.status, body: (await response.json()) as { data: HistoryTransaction[]; next: string | null; message?: string } }
  }

  test('history: the account\'s transactions newest first, indexed from the chain: token receipts, the spam airdrop flagged, NFT mints, a native send', async () => {
    const sender = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey), transport: http(anvil.rpcUrl) })
    const hash = await sender.sendTransaction({ to: ANVIL_ACCOUNTS[6].address, value: parseUnits('0.25', 18), chain: null })
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })
    const { status, body } = await history(`eip155:31337:${ANVIL_ACCOUNTS[0].address}`)
    expect(status).toBe(200)
    const [latest] = body.data
    expect(latest).toMatchObject({ id: `${hash}:31337`, metadata: { operationType: 'send', hash, sentFrom: ANVIL_ACCOUNTS[0].address, sentTo: ANVIL_ACCOUNTS[6].address, status: 'confirmed', nonce: 0, chain: 'eip155:31337' } })
    expect(latest!.transfers).toEqual([{ fungible_info: { name: 'Ether', symbol: 'ETH' }, direction: 'out', quantity: { numeric: '0.25' }, price: 3000, value: 750 }])
    const all = [...body.data, ...(body.next ? (await history(ANVIL_ACCOUNTS[0].address, `?chainId=eip155:31337&cursor=${body.next}`)).body.data : [])]
    const kinds = all.map((t) => [t.metadata.operationType, t.transfers.map((x) => x.fungible_info?.symbol ?? x.nft_info?.name).join()])
    // Oldest last: dUSD, ADT, the CLAIM airdrop, then the two NFTs minted to account 0, then the ETH send.
    expect(kinds.reverse()).toEqual([
      ['receive', 'dUSD'],
      ['receive', 'ADT'],
      ['receive', 'CLAIM'],
      ['mint', 'Airlock Dev Collectibles #1'],
      ['mint', 'Airlock Dev Collectibles #2'],
      ['send', 'ETH'],
    ])
    const claim = all.find((t) => t.transfers[0]?.fungible_info?.symbol === 'CLAIM')!
    expect(claim.transfers[0]).toMatchObject({ fungible_info: { flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1000' }, value: 0 })
    expect(new Date(latest!.metadata.minedAt).getTime()).toBeGreaterThan(Date.parse('2020-01-01'))
  })

  test('history: pages of 10 with a cursor; bad accounts and cursors are 400s', async () => {
    const sender = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[4].privateKey), transport: http(anvil.rpcUrl) })
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    for (let i = 0; i < 11; i++) await reader.waitForTransactionReceipt({ hash: await sender.sendTransaction({ to: ANVIL_ACCOUNTS[4].address, value: 1n, chain: null }) })
    const first = await history(ANVIL_ACCOUNTS[4].address)
    expect(first.body.data).toHaveLength(10)
    expect(first.body.next).toBe('10')
    expect(first.body.data[0]!.transfers[0]!.direction).toBe('self')
    const second = await history(ANVIL_ACCOUNTS[4].address, '?chainId=eip155:31337&cursor=10')
    // 11 self-sends, then the dUSD and ADT it received at start.
    expect(second.body.data.length).toBe(3)
    expect(second.body.next).toBeNull()
    expect((await history('nope')).status).toBe(400)
    expect((await history(ANVIL_ACCOUNTS[4].address, '?cursor=-1')).body).toEqual({ message: 'Invalid cursor' })
  })
})
