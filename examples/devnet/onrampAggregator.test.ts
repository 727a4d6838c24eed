import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { signature as asSignature } from '@solana/kit'
import { createPublicClient, getAddress, http, parseEther, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { freePort, startAnvil, type Anvil } from './anvil.js'
import { startGateway, type Gateway } from './gateway.js'
import { DEV_AGGREGATOR_PUBLIC_KEY } from './onrampAggregator.js'
import { createOnrampApi, type OnrampApi } from './onrampApi.js'
import { litesvmTreasury } from './onrampTreasury.js'
import { startSolanaRpc, type SolanaRpc } from './solana/solanaRpc.js'

const SOLANA = airlockSolanaLocal.caipNetworkId
// 50 USD less 0.75 (1.5 %) and 0.50: 48.75 USD, at 3000 USD per ETH and 150 USD per SOL.
const ETH_FOR_50_USD = parseEther('0.01625')
const LAMPORTS_FOR_50_USD = 325_000_000

/** The dev aggregator's widget (SPEC: the aggregator provider, EVM and Solana): its URL opens the shared checkout, whose Pay settles on a real anvil or the litesvm cluster. */
describe('dev on-ramp aggregator', () => {
  let anvil: Anvil
  let rpc: SolanaRpc
  let gateway: Gateway
  let api: OnrampApi
  let client: PublicClient
  let connection: Connection
  // The dev stack fills the cluster in late: a test takes it away to see the provider without it.
  let solanaUp = true
  beforeAll(async () => {
    ;[anvil, rpc] = await Promise.all([startAnvil({ port: await freePort(), chainId: 31337 }), startSolanaRpc({ port: 0 })])
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    connection = new Connection(rpc.url, { commitment: 'confirmed', disableRetryOnRateLimit: true })
    const cluster = litesvmTreasury(rpc.svm, airlockSolanaLocal)
    api = createOnrampApi({ chains: () => [{ chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl }], solana: () => (solanaUp ? cluster : null) })
    gateway = await startGateway({ port: 0, routes: api.route })
  }, 30_000)
  afterAll(async () => {
    await gateway?.close()
    await rpc?.close()
    await anvil?.stop()
  })

  /** The widget URL as the client builds it, for 50 USD by card on the first dev chain unless `params` say otherwise. */
  const widgetUrl = (base: string, params: Record<string, string>) => {
    const query = { publicKey: DEV_AGGREGATOR_PUBLIC_KEY, destinationCurrencyCode: 'ETH', externalCustomerId: 'project-1', sourceAmount: '50', sourceCurrencyCode: 'USD', paymentMethodType: 'card', network: 'eip155:31337', ...params }
    return `${base}/dev/onramp/aggregator?${new URLSearchParams(query)}`
  }
  const open = async (params: Record<string, string>, base = gateway.url) => {
    const response = await fetch(widgetUrl(base, params), { redirect: 'manual' })
    return { status: response.status, headers: response.headers, location: response.headers.get('location'), html: await response.text() }
  }
  /** Opens the widget and follows its redirect: the checkout's session id. */
  const checkout = async (params: Record<string, string>) => {
    const { status, location, html } = await open(params)
    expect(status, html).toBe(303)
    expect(location).toMatch(/^\/dev\/onramp\/pay\?session=[A-Za-z0-9_-]{22}$/)
    return new URL(location!, gateway.url).searchParams.get('session')!
  }
  const page = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${gateway.url}${path}`, init)
    return { status: response.status, headers: response.headers, html: await response.text() }
  }
  const pay = (session: string) => page('/dev/onramp/pay', { method: 'POST', body: new URLSearchParams({ session }) })
  const lamports = (key: string) => connection.getBalance(new PublicKey(key))

  test('behavior: an EVM widget URL redirects (303) to the shared checkout naming the aggregator; Pay sends exactly the quoted ETH, once', async () => {
    const buyer = '0x00000000000000000000000000000000000b1001'
    const session = await checkout({ walletAddress: buyer })
    expect(api.sessions().find((s) => s.id === session)).toMatchObject({ provider: 'aggregator', paymentMethod: 'card', partnerUserId: 'project-1', price: { cryptoBaseUnits: ETH_FOR_50_USD } })
    const { status, html } = await page(`/dev/onramp/pay?session=${session}`)
    expect(status).toBe(200)
    expect(html).toContain('<title>Checkout · Airlock Dev Pay · aggregator</title>')
    expect(html).toContain('<h1>Airlock Dev Pay · aggregator</h1>')
    // The address is checksummed; the Pay button is the card provider's.
    for (const shown of ['0.01625 ETH', '0.75 USD', getAddress(buyer), 'Airlock Devnet (chain 31337)', '<dd>Card</dd>', 'project-1', '<button type="submit">Pay 50.00 USD</button>']) expect(html).toContain(shown)
    const before = await client.getBalance({ address: buyer })
    const first = await pay(session)
    expect(first.status).toBe(200)
    expect(first.html).toContain('Payment complete')
    expect((await client.getBalance({ address: buyer })) - before).toBe(ETH_FOR_50_USD)
    const second = await pay(session)
    expect(second.status).toBe(409)
    expect(second.html).toContain('Already paid')
    expect((await client.getBalance({ address: buyer })) - before).toBe(ETH_FOR_50_USD)
  })

  test('behavior: a Solana widget URL pays SOL by the cluster airdrop: exactly 0.325 SOL for 50 USD, once, though two Pays race', async () => {
    const buyer = Keypair.generate().publicKey.toBase58()
    // Codes are case-insensitive; a bank payment has its own limits and shows on the checkout.
    const session = await checkout({ walletAddress: buyer, destinationCurrencyCode: 'sol', sourceCurrencyCode: 'usd', paymentMethodType: 'ach_bank_account', network: SOLANA })
    const { html } = await page(`/dev/onramp/pay?session=${session}`)
    for (const shown of ['0.325 SOL', buyer, `Airlock Solana Local (${SOLANA})`, '<dd>Bank account (ACH)</dd>', 'Pay 50.00 USD']) expect(html).toContain(shown)
    const answers = await Promise.all([pay(session), pay(session)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(await lamports(buyer)).toBe(LAMPORTS_FOR_50_USD)
    // The receipt names the airdrop's signature, which the cluster knows.
    const signature = /Transaction <code>([1-9A-HJ-NP-Za-km-z]{64,88})<\/code>/.exec(answers.find((a) => a.status === 200)!.html)![1]!
    expect(rpc.svm.getTransaction(asSignature(signature))).not.toBeNull()
    const again = await pay(session)
    expect(again.status).toBe(409)
    expect(again.html).toContain('Already paid')
    expect(again.html).toContain(signature)
    expect(await lamports(buyer)).toBe(LAMPORTS_FOR_50_USD)
  })

  test('error: a wrong publicKey is 401; a bad or missing parameter is 400 naming it, escaped, under the checkout security headers; none opens a session', async () => {
    const sessions = api.sessions().length
    const buyer = '0x00000000000000000000000000000000000b3001'
    const refused = async (params: Record<string, string>, status: number, message: string) => {
      const answer = await open(params)
      expect(answer.status, answer.html).toBe(status)
      expect(answer.html).toContain(message)
      expect(answer.html).toContain('<title>')
      expect(answer.html).not.toMatch(/<script|<img/)
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; /)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    await refused({ walletAddress: buyer, publicKey: 'someone-else' }, 401, 'Invalid parameter publicKey')
    // The key is checked before the rest of the order.
    await refused({ walletAddress: 'x', publicKey: 'someone-else' }, 401, 'Invalid parameter publicKey')
    await refused({ walletAddress: '<script>alert(1)</script>' }, 400, 'Invalid parameter walletAddress: &lt;script&gt;alert(1)&lt;/script&gt; is not an EVM address')
    await refused({ walletAddress: buyer, network: SOLANA, destinationCurrencyCode: 'SOL' }, 400, `Invalid parameter walletAddress: ${buyer} is not a Solana public key`)
    await refused({ walletAddress: buyer, sourceAmount: '9.99' }, 400, 'Amount 9.99 USD is outside the card limits 10.00-7500.00 USD')
    await refused({ walletAddress: buyer, sourceAmount: '7500.01', sourceCurrencyCode: 'EUR' }, 400, 'Amount 7500.01 EUR is outside the card limits 10.00-7500.00 EUR')
    await refused({ walletAddress: buyer, sourceAmount: '12.345' }, 400, 'Invalid parameter sourceAmount: Expected a decimal amount with at most 2 decimals')
    await refused({ walletAddress: buyer, sourceCurrencyCode: 'GBP' }, 400, 'Invalid parameter sourceCurrencyCode')
    await refused({ walletAddress: buyer, paymentMethodType: 'paypal' }, 400, 'Invalid parameter paymentMethodType')
    await refused({ walletAddress: buyer, destinationCurrencyCode: 'SOL' }, 400, 'Invalid parameter destinationCurrencyCode: SOL is not sold on eip155:31337; this dev provider sells ETH there')
    await refused({ walletAddress: buyer, network: 'eip155:1' }, 400, `Unsupported network eip155:1: this dev provider sells on eip155:31337, ${SOLANA}`)
    await refused({}, 400, 'Invalid parameter walletAddress: Required')
    expect(api.sessions()).toHaveLength(sessions)
    // The bank's limits are wider than the card's.
    await checkout({ walletAddress: buyer, sourceAmount: '25000.00', paymentMethodType: 'ach_bank_account' })
  })

  test('error: without a Solana cluster a Solana URL is an unsupported network; a checkout whose cluster stopped fails, sends nothing and stays open', async () => {
    const buyer = Keypair.generate().publicKey.toBase58()
    const solanaOrder = { walletAddress: buyer, destinationCurrencyCode: 'SOL', network: SOLANA }
    const session = await checkout(solanaOrder)
    solanaUp = false
    try {
      const failed = await pay(session)
      expect(failed.status).toBe(502)
      expect(failed.html).toContain(`The network Airlock Solana Local (${SOLANA}) is not running; nothing was sent.`)
      expect(api.sessions().find((s) => s.id === session)?.status).toBe('open')
      expect((await open(solanaOrder)).html).toContain(`Unsupported network ${SOLANA}: this dev provider sells on eip155:31337`)
    } finally {
      solanaUp = true
    }
    expect((await pay(session)).status).toBe(200)
    expect(await lamports(buyer)).toBe(LAMPORTS_FOR_50_USD)
    // A provider made without the option sells no SOL at all.
    const evmOnly = await startGateway({ port: 0, routes: createOnrampApi({ chains: () => [] }).route })
    try {
      const answer = await open(solanaOrder, evmOnly.url)
      expect(answer.status).toBe(400)
      expect(answer.html).toContain(`Unsupported network ${SOLANA}: this dev provider sells on none running`)
    } finally {
      await evmOnly.close()
    }
  })
})
