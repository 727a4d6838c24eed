import { createPublicClient, http, isAddressEqual, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort, startAnvil, type Anvil } from './anvil.js'
import { startGateway, type Gateway } from './gateway.js'
import { createOnrampApi, type OnrampApi } from './onrampApi.js'
import { ONRAMP_SESSION_TTL_MS } from './onrampSessions.js'
import { ONRAMP_TREASURY } from './onrampTreasury.js'

/** The dev on-ramp provider (issue 17 part 3): AppKit's on-ramp contract, a checkout page, and Pay settling on a real anvil. */
describe('dev on-ramp provider', () => {
  let anvil: Anvil
  let gateway: Gateway
  let api: OnrampApi
  let client: PublicClient
  let clock = Date.now()
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    // The second chain is listed but not running: Pay on it must fail cleanly.
    const down = `http://127.0.0.1:${await freePort()}`
    api = createOnrampApi({ chains: () => [{ chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl }, { chainId: 31338, name: 'Airlock Devnet 2', rpcUrl: down }], now: () => clock })
    gateway = await startGateway({ port: 0, routes: api.route })
  }, 30_000)
  afterAll(async () => {
    await gateway?.close()
    await anvil?.stop()
  })

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const page = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${gateway.url}${path}`, init)
    return { status: response.status, headers: response.headers, html: await response.text() }
  }
  const checkoutUrl = async (address: string, extra: Record<string, unknown> = {}) => {
    const { status, body } = await post('/v1/generators/onrampurl', { destinationWallets: [{ address, blockchains: [extra.defaultNetwork ?? 'airlock-devnet'], assets: ['ETH'] }], partnerUserId: address, defaultExperience: 'buy', ...extra })
    expect(status, JSON.stringify(body)).toBe(200)
    return new URL(body.url as string)
  }
  const pay = (session: string, headers: Record<string, string> = {}) => page('/dev/onramp/pay', { method: 'POST', headers, body: new URLSearchParams({ session }) })
  const balance = (address: Address) => client.getBalance({ address })
  const txHashIn = (html: string) => /0x[0-9a-f]{64}/.exec(html)?.[0] as Hex | undefined
  // Sessions may also pay SOL to a base58 key: only EVM ones are compared as addresses.
  const sessionTo = (address: Address) => api.sessions().find((s) => s.family !== 'solana' && isAddressEqual(s.destination, address))

  test('default: options list USD and EUR with their method limits, and ETH on both dev chains', async () => {
    const response = await fetch(`${gateway.url}/v1/onramp/options?projectId=airlock-dev`)
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(await response.json()).toEqual({
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: limits },
        { id: 'EUR', payment_method_limits: limits },
      ],
      purchaseCurrencies: [
        {
          id: 'airlock-dev-eth',
          name: 'Ether',
          symbol: 'ETH',
          networks: [
            { name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: '' },
            { name: 'airlock-devnet-2', display_name: 'Airlock Devnet 2', chain_id: '31338', contract_address: '' },
          ],
        },
      ],
    })
  })

  test('behavior: a quote as AppKit asks it (whole currency objects, network the symbol): 1.5 % fee, 0.50 network fee, the rest at 3000 USD', async () => {
    const options = (await (await fetch(`${gateway.url}/v1/onramp/options`)).json()) as { paymentCurrencies: { id: string }[]; purchaseCurrencies: { symbol: string }[] }
    const [usd, eur] = options.paymentCurrencies
    const eth = options.purchaseCurrencies[0]
    const { status, body } = await post('/v1/onramp/quote?projectId=airlock-dev', { purchaseCurrency: eth, paymentCurrency: usd, amount: '100', network: 'ETH' })
    expect(status).toBe(200)
    expect(body).toEqual({
      purchaseAmount: { amount: '0.03266666', currency: 'ETH' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    // 98.00 EUR at the dev rate 1.08 is 105.84 USD.
    const inEuro = await post('/v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: eur, amount: '100.00', network: 'ETH' })
    expect(inEuro.body).toMatchObject({ purchaseAmount: { amount: '0.03528', currency: 'ETH' }, paymentTotal: { amount: '100.00', currency: 'EUR' } })
  })

  test('error: amounts outside the method limits, malformed amounts and unknown currencies are 400s', async () => {
    const quote = (amount: string, extra: Record<string, unknown> = {}) => post('/v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount, network: 'ETH', ...extra })
    expect(await quote('9.99')).toEqual({ status: 400, body: { message: 'Amount 9.99 USD is outside the card limits 10.00-7500.00 USD' } })
    expect(await quote('7500.01')).toEqual({ status: 400, body: { message: 'Amount 7500.01 USD is outside the card limits 10.00-7500.00 USD' } })
    expect((await quote('10')).status).toBe(200)
    expect((await quote('7500.00')).status).toBe(200)
    expect((await quote('25000.00', { paymentMethod: 'ach_bank_account' })).status).toBe(200)
    expect((await quote('25000.01', { paymentMethod: 'ach_bank_account' })).body.message).toBe('Amount 25000.01 USD is outside the ach_bank_account limits 10.00-25000.00 USD')
    expect((await quote('12.345')).body.message).toBe('Invalid quote request: amount: Expected a decimal amount with at most 2 decimals, e.g. "100.00"')
    expect((await quote('100', { paymentCurrency: { id: 'GBP' } })).body.message).toBe('Unsupported payment currency GBP: use USD or EUR')
    expect((await quote('100', { purchaseCurrency: { symbol: 'BTC' } })).body.message).toBe('Unsupported purchase currency BTC: this dev provider sells ETH')
    expect((await post('/v1/onramp/quote', { amount: '100' })).status).toBe(400)
  })

  test('behavior: a generated URL opens the checkout on this gateway: what, how much, where, with every value escaped under a strict CSP', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    const url = await checkoutUrl('0x000000000000000000000000000000000000bEEF', { partnerUserId: hostile, presetFiatAmount: 100 })
    expect(url.origin + url.pathname).toBe(`${gateway.url}/dev/onramp/pay`)
    const { status, headers, html } = await page(url.pathname + url.search)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/)
    expect(html).toContain('<title>Checkout · Airlock Dev Pay</title>')
    for (const shown of ['0.03266666 ETH', '100.00 USD', '1.50 USD', '0x000000000000000000000000000000000000bEEF', 'Airlock Devnet (chain 31337)', '<button type="submit">Pay 100.00 USD</button>']) expect(html).toContain(shown)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toMatch(/<script|<img/)
    // An address-like value that is not an address never reaches a page.
    const bad = await post('/v1/generators/onrampurl', { destinationWallets: [{ address: '0x<script>', blockchains: ['airlock-devnet'], assets: ['ETH'] }], partnerUserId: 'x' })
    expect(bad).toEqual({ status: 400, body: { message: 'Invalid destination address' } })
    const elsewhere = await post('/v1/generators/onrampurl', { destinationWallets: [{ address: '0x000000000000000000000000000000000000bEEF', blockchains: ['ethereum'], assets: ['ETH'] }], partnerUserId: 'x', defaultNetwork: 'ethereum' })
    expect(elsewhere).toEqual({ status: 400, body: { message: 'Unsupported network ethereum: this dev provider sells on airlock-devnet, airlock-devnet-2' } })
  })

  test('behavior: Pay sends exactly the bought ETH from the treasury; a second Pay answers already paid and sends nothing', async () => {
    const buyer: Address = '0x00000000000000000000000000000000000A1001'
    const url = await checkoutUrl(buyer, { presetCryptoAmount: 0.1 })
    const session = sessionTo(buyer)!
    expect(session.price.cryptoBaseUnits).toBe(parseEther('0.1'))
    expect((await page(url.pathname + url.search)).html).toContain('Pay 305.08 USD')
    const before = await balance(buyer)
    const first = await pay(url.searchParams.get('session')!)
    expect(first.status).toBe(200)
    expect(first.html).toContain('Payment complete')
    const hash = txHashIn(first.html)!
    const tx = await client.getTransaction({ hash })
    expect(isAddressEqual(tx.from, ONRAMP_TREASURY.address)).toBe(true)
    expect((await balance(buyer)) - before).toBe(parseEther('0.1'))
    const second = await pay(url.searchParams.get('session')!)
    expect(second.status).toBe(409)
    expect(second.html).toContain('Already paid')
    expect(txHashIn(second.html)).toBe(hash)
    expect((await balance(buyer)) - before).toBe(parseEther('0.1'))
    expect((await page(url.pathname + url.search)).html).toContain('Already paid')
  })

  test('behavior: two concurrent Pays of one session pay once; two sessions paid at once both settle (one nonce each)', async () => {
    const [a, b]: Address[] = ['0x00000000000000000000000000000000000A2001', '0x00000000000000000000000000000000000A2002']
    const [urlA, urlB] = await Promise.all([checkoutUrl(a!, { presetFiatAmount: 50 }), checkoutUrl(b!, { presetFiatAmount: 20 })])
    const bought = (address: Address) => sessionTo(address)!.price.cryptoBaseUnits
    const answers = await Promise.all([pay(urlA.searchParams.get('session')!), pay(urlA.searchParams.get('session')!), pay(urlB.searchParams.get('session')!)])
    expect(answers.map((r) => r.status)).toEqual(expect.arrayContaining([200, 409, 200]))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2)
    expect(await balance(a!)).toBe(bought(a!))
    expect(await balance(b!)).toBe(bought(b!))
  })

  test('error: unknown, malformed and expired sessions are refused; a Pay from another site is refused', async () => {
    const unknown = await page('/dev/onramp/pay?session=AAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(404)
    expect(unknown.html).toContain('This checkout link is unknown or has expired')
    expect((await page('/dev/onramp/pay?session=%3Cscript%3E')).status).toBe(404)
    expect((await pay('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await pay('<script>')).status).toBe(400)
    const buyer: Address = '0x00000000000000000000000000000000000A3001'
    const url = await checkoutUrl(buyer)
    const id = url.searchParams.get('session')!
    expect((await pay(id, { origin: 'https://evil.example' })).status).toBe(403)
    clock += ONRAMP_SESSION_TTL_MS
    expect((await page(url.pathname + url.search)).status).toBe(404)
    expect((await pay(id)).status).toBe(404)
    expect(await balance(buyer)).toBe(0n)
  })

  test('error: Pay on a chain that is down answers a clear failure, sends nothing and leaves the checkout open', async () => {
    const buyer: Address = '0x00000000000000000000000000000000000A4001'
    const url = await checkoutUrl(buyer, { defaultNetwork: 'airlock-devnet-2' })
    const failed = await pay(url.searchParams.get('session')!)
    expect(failed.status).toBe(502)
    expect(failed.html).toContain('The transfer could not be prepared')
    expect(sessionTo(buyer)?.status).toBe('open')
    expect((await page(url.pathname + url.search)).html).toContain('Pay 100.00 USD')
  })
})
