// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { base, bitcoin, ethereum } from '../../../core/chains/networks.js'
import type { TokenBalance } from '../../../core/portfolio/types.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, ADDRESS, byText, CAIP_ADDRESS, click, connect, count, dispatch, openModal, render, testAirlock, waitFor } from '../../testing/renderAirlock.js'
import { SEND_ERRORS } from './Send.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

const KEY = `eip155:1:${ADDRESS}`
const RECEIVER = '0x1111111111111111111111111111111111111111'
const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const HASH = `0x${'ab'.repeat(32)}`
const usdc: TokenBalance = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: `eip155:1:${USDC_CONTRACT}`, value: 12.5, price: 1, quantity: { decimals: '6', numeric: '12.5' }, iconUrl: '' }

type AirlockParameters = NonNullable<Parameters<typeof testAirlock>[0]>

/**
 * A connected account on Ethereum holding 1.5 ETH (its native balance) and 12.5 USDC (its token
 * list), with the modal open on Send.
 */
async function openSend({ tokens = [usdc], native = '1500000000000000000', parameters = {} }: { tokens?: TokenBalance[] | null; native?: string | null; parameters?: AirlockParameters } = {}) {
  const airlock = testAirlock({ networks: [ethereum, base], ...parameters })
  await airlock.ready()
  connect(airlock)
  if (native !== null) dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: native, decimals: 18, symbol: 'ETH', at: 1 })
  if (tokens !== null) dispatch(airlock, { type: 'portfolio/fetched', resource: 'tokens', key: KEY, data: tokens, at: 1 })
  render(airlock, <ConnectButton />)
  const root = await openModal(airlock, { view: 'Send' })
  await waitFor(() => $(root, '[data-airlock="send-form"]'))
  return { airlock, root }
}

/** Sets an input's or a select's value the way a person does (React listens for input / change). */
function type(element: HTMLInputElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value)
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

const amount = (root: ParentNode) => $<HTMLInputElement>(root, '[data-airlock="send-amount"]')
const receiver = (root: ParentNode) => $<HTMLInputElement>(root, '[data-airlock="send-receiver"]')
const tokenSelect = (root: ParentNode) => $<HTMLSelectElement>(root, '[data-airlock="send-token"]')
const errorText = (root: ParentNode) => root.querySelector('[data-airlock="send-error"]')?.textContent ?? null

/** Fills the form and asks for the preview. */
function preview(root: ParentNode, value: string, to: string): void {
  type(amount(root), value)
  type(receiver(root), to)
  click($(root, '[data-airlock="send-review"]'))
}

/** A JSON-RPC endpoint on the global fetch (viem's transport): answers gas and gas price, records the calls. */
function stubRpc(answers: Record<string, string> = { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' }) {
  const calls: { method: string; params: unknown[] }[] = []
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    calls.push({ method: body.method, params: body.params })
    const result = answers[body.method]
    if (result === undefined) return new Response('down', { status: 503 })
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

const previewRows = (root: ParentNode) => Array.from(root.querySelectorAll('[data-airlock="send-preview"] dl .row'), (row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent])

describe('Send', () => {
  test('default: the form offers the native currency and the tokens held, and asks for the tokens of the account', async () => {
    const { airlock, root } = await openSend()
    expect($(root, 'h2').textContent).toBe('Send')
    expect(Array.from(tokenSelect(root).options, (o) => o.textContent)).toEqual(['ETH · 1.500', 'USDC · 12.500'])
    expect(tokenSelect(root).value).toBe('native')
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested')).toContainEqual({ type: 'portfolio/fetchRequested', resource: 'tokens', key: KEY })
    expect(errorText(root)).toBeNull()
  })

  test('behavior: empty fields give "An amount and receiver address are required", verbatim', async () => {
    const { root } = await openSend()
    expect(SEND_ERRORS.required).toBe('An amount and receiver address are required')
    click($(root, '[data-airlock="send-review"]'))
    expect(errorText(root)).toBe('An amount and receiver address are required')
    expect($(root, '[data-airlock="send-error"]').getAttribute('role')).toBe('alert')
    // One of the two is not enough; blanks count as empty.
    preview(root, '0.1', '   ')
    expect(errorText(root)).toBe('An amount and receiver address are required')
    preview(root, '', RECEIVER)
    expect(errorText(root)).toBe('An amount and receiver address are required')
    expect(root.querySelector('[data-airlock="send-preview"]')).toBeNull()
  })

  test('behavior: no token to send gives "A token is required", verbatim; Max is disabled', async () => {
    const { root } = await openSend({ tokens: [], native: null })
    expect(Array.from(tokenSelect(root).options, (o) => o.textContent)).toEqual(['No token to send'])
    expect(byText<HTMLButtonElement>(root, 'button', 'Max').disabled).toBe(true)
    preview(root, '1', RECEIVER)
    expect(errorText(root)).toBe('A token is required')
    expect(SEND_ERRORS.token).toBe('A token is required')
  })

  test('behavior: a held token with a zero balance is not offered', async () => {
    const { root } = await openSend({ tokens: [usdc, { ...usdc, symbol: 'DAI', address: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F', quantity: { decimals: '18', numeric: '0' } }] })
    expect(Array.from(tokenSelect(root).options, (o) => o.textContent)).toEqual(['ETH · 1.500', 'USDC · 12.500'])
  })

  test('behavior: an active network Send cannot send on (Bitcoin) gives "Unsupported chain", verbatim', async () => {
    const airlock = testAirlock({ networks: [bitcoin] })
    await airlock.ready()
    const bitcoinAccount = `${bitcoin.caipNetworkId}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4` as const
    dispatch(
      airlock,
      { type: 'connection/accountConnected', namespace: 'bip122', caipAddress: bitcoinAccount, connectorId: 'xverse' },
      { type: 'balance/fetched', caipAddress: bitcoinAccount, value: '200000000', decimals: 8, symbol: 'BTC', at: 1 },
    )
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock, { view: 'Send' })
    await waitFor(() => $(root, '[data-airlock="send-form"]'))
    preview(root, '1', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    expect(errorText(root)).toBe('Unsupported chain')
    expect(SEND_ERRORS.chain).toBe('Unsupported chain')
    expect(root.querySelector('[data-airlock="send-preview"]')).toBeNull()
  })

  test('behavior: an amount with more decimals than the token has, or not a number, is refused', async () => {
    const { root } = await openSend()
    choose(tokenSelect(root), `eip155:1:${USDC_CONTRACT}`)
    expect(tokenSelect(root).value).toBe(`eip155:1:${USDC_CONTRACT}`)
    preview(root, '1.1234567', RECEIVER)
    expect(errorText(root)).toBe('Enter an amount with at most 6 decimals')
    for (const junk of ['abc', '-1', '1e3', '1,5', '.5']) {
      preview(root, junk, RECEIVER)
      expect(errorText(root), junk).toBe('Enter an amount with at most 6 decimals')
    }
    preview(root, '0.000000', RECEIVER)
    expect(errorText(root)).toBe('Enter an amount above zero')
  })

  test('behavior: more than the balance gives "Insufficient balance", for the native currency and a token', async () => {
    const { root } = await openSend()
    preview(root, '1.500000000000000001', RECEIVER)
    expect(errorText(root)).toBe('Insufficient balance')
    choose(tokenSelect(root), `eip155:1:${USDC_CONTRACT}`)
    preview(root, '12.500001', RECEIVER)
    expect(errorText(root)).toBe('Insufficient balance')
    expect(root.querySelector('[data-airlock="send-preview"]')).toBeNull()
  })

  test('behavior: Max fills the balance of the token chosen', async () => {
    const { root } = await openSend()
    click(byText(root, 'button', 'Max'))
    expect(amount(root).value).toBe('1.5')
    choose(tokenSelect(root), `eip155:1:${USDC_CONTRACT}`)
    click(byText(root, 'button', 'Max'))
    expect(amount(root).value).toBe('12.5')
  })

  test('behavior: the form starts over when the account key changes (another network, another account)', async () => {
    const { airlock, root } = await openSend()
    choose(tokenSelect(root), `eip155:1:${USDC_CONTRACT}`)
    preview(root, '99', RECEIVER)
    expect(errorText(root)).toBe('Insufficient balance')
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    const form = await waitFor(() => $(root, '[data-airlock="send-form"]'))
    expect(amount(form).value).toBe('')
    expect(receiver(form).value).toBe('')
    expect(errorText(root)).toBeNull()
    // Base: no Ethereum balances carried over, and its own tokens are asked for.
    expect(Array.from(tokenSelect(root).options, (o) => o.textContent)).toEqual(['No token to send'])
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested').at(-1)).toEqual({ type: 'portfolio/fetchRequested', resource: 'tokens', key: `eip155:8453:${ADDRESS}` })

    type(amount(root), '5')
    dispatch(airlock, { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [`eip155:8453:${RECEIVER}`] })
    await waitFor(() => expect(amount(root).value).toBe(''))
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested').at(-1)).toEqual({ type: 'portfolio/fetchRequested', resource: 'tokens', key: `eip155:8453:${RECEIVER}` })
  })

  test('behavior: the preview shows amount, receiver, network and the fee from the RPC; Edit goes back with the values kept', async () => {
    const calls = stubRpc()
    const { root } = await openSend()
    preview(root, '0.5', RECEIVER)
    await waitFor(() => $(root, '[data-airlock="send-preview"]'))
    // 21000 gas × 1 gwei = 0.000021 ETH.
    expect(previewRows(root)).toEqual([
      ['Send', '0.5 ETH'],
      ['To', '0x1111…111111'],
      ['Network', 'Ethereum'],
      ['Network fee', '0.000021 ETH'],
    ])
    const estimate = calls.find((c) => c.method === 'eth_estimateGas')!
    expect(estimate.params[0]).toMatchObject({ from: ADDRESS, to: RECEIVER, value: '0x6f05b59d3b20000' })
    click(byText(root, 'button', 'Edit'))
    expect(amount(root).value).toBe('0.5')
    expect(receiver(root).value).toBe(RECEIVER)
  })

  test('behavior: a token is sent with a transfer call to its contract', async () => {
    const calls = stubRpc()
    const { root } = await openSend()
    choose(tokenSelect(root), `eip155:1:${USDC_CONTRACT}`)
    preview(root, '12.5', RECEIVER)
    await waitFor(() => $(root, '[data-airlock="send-preview"]'))
    expect(previewRows(root)[0]).toEqual(['Send', '12.5 USDC'])
    const params = calls.find((c) => c.method === 'eth_estimateGas')!.params[0] as { to: string; data: string; value?: string }
    expect(params.to.toLowerCase()).toBe(USDC_CONTRACT.toLowerCase())
    expect(params.value).toBeUndefined()
    // transfer(address,uint256): selector, receiver, 12.5 × 10^6.
    expect(params.data).toBe(`0xa9059cbb${RECEIVER.slice(2).padStart(64, '0')}${(12_500_000).toString(16).padStart(64, '0')}`)
  })

  test('edge: the fee falls back to "Unknown" when the RPC fails', async () => {
    stubRpc({})
    const { root } = await openSend()
    preview(root, '1', RECEIVER)
    await waitFor(() => $(root, '[data-airlock="send-preview"]'))
    expect(previewRows(root).at(-1)).toEqual(['Network fee', 'Unknown'])
  })

  test('behavior: a name is resolved to its address for the preview; one that does not resolve shows an error', async () => {
    stubRpc()
    const api = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      if (url.includes('/v1/profile/account/alice.airlock.id')) {
        return new Response(JSON.stringify({ name: 'alice.airlock.id', addresses: { '60': { address: RECEIVER } } }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })
    })
    const { root } = await openSend({ parameters: { deps: { fetch: api as typeof fetch } } })
    preview(root, '1', 'nobody.airlock.id')
    await waitFor(() => expect(errorText(root)).toBe('No address for nobody.airlock.id'))
    preview(root, '1', 'alice.airlock.id')
    await waitFor(() => $(root, '[data-airlock="send-preview"]'))
    expect(previewRows(root)[1]).toEqual(['To', 'alice.airlock.id (0x1111…111111)'])
  })

  test('behavior: Send hands the transaction to the store, waits for the wallet, then shows the hash with an explorer link', async () => {
    stubRpc()
    const { airlock, root } = await openSend()
    preview(root, '0.5', RECEIVER)
    click(await waitFor(() => $(root, '[data-airlock="send-confirm"]')))
    // The send epic takes it from here (it outlives the view); the test answers as it would.
    const requested = airlock.actions.filter((a) => a.type === 'send/requested')
    expect(requested).toHaveLength(1)
    expect(requested[0]).toMatchObject({
      transaction: { from: ADDRESS, to: RECEIVER, value: '0x6f05b59d3b20000' },
      summary: { amount: '0.5', symbol: 'ETH', name: 'Ether', receiver: RECEIVER, to: RECEIVER, chain: 'eip155:1', from: ADDRESS },
    })
    expect(requested[0]).not.toHaveProperty('transaction.data')
    expect($(root, '[data-airlock="send-sending"]').textContent).toContain('Confirm sending 0.5 ETH in your wallet.')
    expect(root.querySelector('[data-airlock="send-confirm"]')).toBeNull()
    dispatch(airlock, { type: 'send/succeeded', hash: HASH })
    expect($(root, '[data-airlock="send-success"] [role="status"]').textContent).toBe('Sent 0.5 ETH')
    expect($(root, '[data-airlock="send-hash"]').textContent).toBe(HASH)
    expect(byText<HTMLAnchorElement>(root, 'a', 'View in explorer').getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    click(byText(root, 'button', 'Done'))
    expect(count(airlock, 'send/reset')).toBe(1)
    expect(count(airlock, 'router/backRequested')).toBe(1)
  })

  test('edge: a refused send shows the wallet’s reason; asking for a new preview clears it', async () => {
    stubRpc()
    const { airlock, root } = await openSend()
    preview(root, '0.5', RECEIVER)
    click(await waitFor(() => $(root, '[data-airlock="send-confirm"]')))
    dispatch(airlock, { type: 'send/failed', error: { message: 'User rejected the request.', code: 4001 } })
    expect($(root, '[data-view="Send"] [role="alert"]').textContent).toBe('User rejected the request.')
    expect(root.querySelector('[data-airlock="send-success"]')).toBeNull()
    expect($(root, '[data-airlock="send-preview"] [role="alert"]').textContent).toBe('User rejected the request.')
    // Edit: the reason stays on the form it came from, with the values kept, until the next review.
    click(byText(root, '[data-airlock="send-preview"] button', 'Edit'))
    expect(errorText(root)).toBe('User rejected the request.')
    expect(amount(root).value).toBe('0.5')
    expect(count(airlock, 'send/reset')).toBe(0)
    preview(root, '', RECEIVER)
    expect(errorText(root)).toBe('An amount and receiver address are required')
    expect(count(airlock, 'send/reset')).toBe(1)
  })
})
