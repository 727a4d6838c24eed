import { request } from 'node:http'
import { createPublicClient, createWalletClient, erc20Abi, erc721Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from './anvil.js'
import { createBlockchainApi, type DataBalance, type DataNft, type DataPrice } from './blockchainApi.js'
import type { HistoryTransaction } from './historyIndexer.js'
import { deployDevAssets, type DevAssets } from './contracts/deployDevAssets.js'
import { startGateway, type Gateway } from './gateway.js'

/** The dev data service's balances, history, NFTs, prices and images (issue 14 deliver 9), read from a real anvil chain. */
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
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30_000_000, price: 3000, quantity: { decimals: '18', numeric: '10000' }, iconUrl: `${gateway.url}/v1/token-icon/ETH` },
      { name: 'Airlock Dev USD', symbol: 'dUSD', chainId: 'eip155:31337', address: `eip155:31337:${usd!.address}`, value: 1000, price: 1, quantity: { decimals: '6', numeric: '1000' }, iconUrl: `${gateway.url}/v1/token-icon/dUSD` },
      { name: 'Airlock Dev Token', symbol: 'ADT', chainId: 'eip155:31337', address: `eip155:31337:${adt!.address}`, value: 125, price: 2.5, quantity: { decimals: '18', numeric: '50' }, iconUrl: `${gateway.url}/v1/token-icon/ADT` },
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

  const nfts = async (address: string, query = '?chainId=eip155:31337') => {
    const response = await fetch(`${gateway.url}/v1/account/${address}/nfts${query}`)
    return { status: response.status, body: (await response.json()) as { data: DataNft[]; next: null; message?: string } }
  }
  /** The SVG at a URL the service handed out, with what a browser would check. */
  const svgAt = async (url: string) => {
    const response = await fetch(url)
    return { status: response.status, type: response.headers.get('content-type'), svg: await response.text() }
  }
  /** Nothing in a generated image may load from elsewhere or run (its xmlns is a name, not a fetch). */
  const selfContained = (svg: string) => expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/href|url\(|https?:|<script|\son\w+=/i)

  test('nfts: the dev collection\'s NFTs the account owns, newest first, read from the chain; a transfer moves one at once', async () => {
    const collection = assets.collectibles.address
    const nft = (tokenId: number): DataNft => ({
      id: `eip155:31337:${collection}:${tokenId}`,
      name: `Airlock Dev Collectibles #${tokenId}`,
      tokenId: String(tokenId),
      chainId: 'eip155:31337',
      collection: { name: 'Airlock Dev Collectibles', address: `eip155:31337:${collection}` },
      imageUrl: `${gateway.url}/v1/nft-image/eip155:31337/${collection}/${tokenId}`,
      flags: { is_spam: false },
    })
    expect(await nfts(ANVIL_ACCOUNTS[0].address)).toEqual({ status: 200, body: { data: [nft(2), nft(1)], next: null } })
    // No chainId: every chain (one here); a lower-case address is the same account.
    expect((await nfts(ANVIL_ACCOUNTS[1].address.toLowerCase(), '')).body).toEqual({ data: [nft(3)], next: null })
    const owner = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey), transport: http(anvil.rpcUrl) })
    const hash = await owner.writeContract({ address: collection, abi: erc721Abi, functionName: 'transferFrom', args: [ANVIL_ACCOUNTS[1].address, ANVIL_ACCOUNTS[3].address, 3n], chain: null })
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })
    expect((await nfts(ANVIL_ACCOUNTS[1].address)).body.data).toEqual([])
    expect((await nfts(ANVIL_ACCOUNTS[3].address)).body.data).toEqual([nft(3)])
  })

  test('nfts: an invalid address is a 400; an unknown chain answers none', async () => {
    expect(await nfts('not-an-address')).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect(await nfts('%E0%A4%A')).toEqual({ status: 400, body: { message: 'Invalid address' } })
    expect((await nfts(ANVIL_ACCOUNTS[0].address, '?chainId=eip155:1')).body).toEqual({ data: [], next: null })
  })

  test('nft images: each imageUrl is a self-contained SVG square with the token number, stable per token; other chains, contracts and tokens are 404s', async () => {
    const [second, first] = (await nfts(ANVIL_ACCOUNTS[0].address)).body.data
    const image = await svgAt(first!.imageUrl)
    expect(image).toMatchObject({ status: 200, type: 'image/svg+xml' })
    expect(image.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<rect [^>]*fill="hsl\(/)
    expect(image.svg).toContain('<title>Airlock Dev Collectibles #1</title>')
    expect(image.svg).toContain('>#1</text>')
    selfContained(image.svg)
    expect((await svgAt(first!.imageUrl)).svg).toBe(image.svg)
    expect((await svgAt(second!.imageUrl)).svg).not.toBe(image.svg)
    const base = `${gateway.url}/v1/nft-image`
    const collection = assets.collectibles.address
    expect((await svgAt(`${base}/eip155:31337/${collection.toLowerCase()}/1`)).svg).toBe(image.svg)
    for (const path of [`eip155:31337/${collection}/99`, `eip155:31337/${collection}/0`, `eip155:31337/${collection}/${'9'.repeat(78)}`, `eip155:1/${collection}/1`, `eip155:31337/${assets.tokens[0]!.address}/1`, `eip155:31337/%3Csvg%3E/1`, `eip155:31337/${collection}/1x`]) {
      expect((await fetch(`${base}/${path}`)).status, path).toBe(404)
    }
  })

  test('token icons: every balance\'s iconUrl, ETH\'s included, is a self-contained SVG circle with the symbol\'s first letters; unknown or unsafe symbols are 404s', async () => {
    const { body } = await balances(ANVIL_ACCOUNTS[0].address)
    const icons = await Promise.all(body.balances!.map((b) => svgAt(b.iconUrl)))
    expect(icons.map((i) => [i.status, i.type])).toEqual(body.balances!.map(() => [200, 'image/svg+xml']))
    expect(icons.map((i) => /<circle [^>]*\/><text [^>]*>([^<]*)<\/text>/.exec(i.svg)?.[1])).toEqual(['ETH', 'dUS', 'ADT'])
    for (const icon of icons) selfContained(icon.svg)
    expect(new Set(icons.map((i) => /fill="([^"]+)"/.exec(i.svg)?.[1])).size).toBe(3)
    for (const symbol of ['NOPE', 'dusd', '%3Cscript%3E', 'a%22b', `${'A'.repeat(17)}`]) {
      expect((await fetch(`${gateway.url}/v1/token-icon/${symbol}`)).status, symbol).toBe(404)
    }
  })

  /** A GET with the Host header a browser would send for another name of the gateway (fetch sets its own). */
  const getWithHost = (path: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port: gateway.port, path, headers: { host } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
      })
        .on('error', reject)
        .end()
    })

  test('origin: icon and image URLs are on the origin the request came to (localhost or 127.0.0.1); a foreign Host header is ignored', async () => {
    const urls = async (host: string) => {
      const balance = JSON.parse((await getWithHost(`/v1/account/${ANVIL_ACCOUNTS[0].address}/balance`, host)).body) as { balances: DataBalance[] }
      const owned = JSON.parse((await getWithHost(`/v1/account/${ANVIL_ACCOUNTS[0].address}/nfts`, host)).body) as { data: DataNft[] }
      return [...balance.balances.map((b) => b.iconUrl), ...owned.data.map((n) => n.imageUrl)].map((u) => new URL(u).origin)
    }
    const port = gateway.port
    expect(new Set(await urls(`localhost:${port}`))).toEqual(new Set([`http://localhost:${port}`]))
    expect(new Set(await urls(`LocalHost:${port}`))).toEqual(new Set([`http://localhost:${port}`]))
    expect(new Set(await urls(`127.0.0.1:${port}`))).toEqual(new Set([`http://127.0.0.1:${port}`]))
    // A rebound domain or a forged header cannot point the answers elsewhere: the real address is used.
    expect(new Set(await urls('evil.example'))).toEqual(new Set([`http://127.0.0.1:${port}`]))
    expect(new Set(await urls(`localhost@evil.example:${port}`))).toEqual(new Set([`http://127.0.0.1:${port}`]))
  })

  const prices = async (body: unknown) => {
    const response = await fetch(`${gateway.url}/v1/fungible/price`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as { fungibles?: DataPrice[]; message?: string } }
  }

  test('prices: the dev prices of the known tokens among the CAIP-10 addresses, each once, in the order asked; unknown, spam and other-chain tokens left out', async () => {
    const [usd, adt, claim] = assets.tokens
    const { status, body } = await prices({
      currency: 'usd',
      projectId: 'airlock-dev',
      addresses: [`eip155:31337:${adt!.address}`, `eip155:31337:${usd!.address.toLowerCase()}`, `eip155:31337:${usd!.address}`, `eip155:31337:${claim!.address}`, `eip155:1:${usd!.address}`, 'eip155:31337:0x000000000000000000000000000000000000bEEF', 'eip155:31337:native', 'nonsense'],
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      fungibles: [
        { name: 'Airlock Dev Token', symbol: 'ADT', iconUrl: `${gateway.url}/v1/token-icon/ADT`, price: 2.5 },
        { name: 'Airlock Dev USD', symbol: 'dUSD', iconUrl: `${gateway.url}/v1/token-icon/dUSD`, price: 1 },
      ],
    })
    expect(await prices({ currency: 'usd', projectId: 'airlock-dev', addresses: [] })).toEqual({ status: 200, body: { fungibles: [] } })
  })

  test('prices: a body of another shape is a 400 naming the field; one over 16 KB is a 413', async () => {
    const valid = { currency: 'usd', projectId: 'airlock-dev', addresses: [] }
    expect(await prices('{not json')).toEqual({ status: 400, body: { message: 'Invalid JSON body' } })
    expect(await prices('')).toEqual({ status: 400, body: { message: 'Invalid JSON body' } })
    expect((await prices(null)).body.message).toMatch(/^Invalid price request: body: /)
    expect((await prices({ ...valid, currency: 'eur' })).body.message).toMatch(/^Invalid price request: currency: /)
    expect((await prices({ ...valid, addresses: 'eip155:31337:0x0' })).body.message).toMatch(/^Invalid price request: addresses: /)
    expect((await prices({ ...valid, addresses: [1] })).body.message).toMatch(/^Invalid price request: addresses\.0: /)
    expect((await prices({ currency: 'usd', addresses: [] })).body.message).toMatch(/^Invalid price request: projectId: /)
    expect((await prices({ ...valid, projectId: '' })).status).toBe(400)
    expect(await prices({ ...valid, addresses: Array.from({ length: 500 }, () => 'eip155:31337:0x000000000000000000000000000000000000bEEF') })).toEqual({ status: 413, body: { message: 'Body too large (over 16384 bytes)' } })
    // The gateway still answers after the refused body.
    expect((await prices(valid)).status).toBe(200)
  })
})
