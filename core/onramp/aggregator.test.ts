import { from, lastValueFrom, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import { airlockDevnet, airlockSolanaLocal } from '../chains/networks.js'
import type { Network } from '../chains/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockOptions } from '../options/resolveOptions.js'
import type { AirlockState } from '../state.js'
import { marbleDeps } from '../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../tests/support/state.js'
import { aggregatorUrl, AGGREGATOR_URL } from './aggregatorUrl.js'
import { onrampOptionsEpic, onrampPurchaseEpic } from './onrampEpics.js'
import { availableOnrampProviders } from './onrampProviders.js'
import { onrampPopup } from './onrampSession.js'
import type { OnrampOptions } from './types.js'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
// An RPC nobody answers on: the balance read before the window opens fails at once, so no watch starts.
const offline = (network: Network): Network => ({ ...network, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })
const SOLANA = offline(airlockSolanaLocal)
const DEVNET = offline(airlockDevnet)
const SITE = { publicKey: 'pk_site', url: 'https://widget.example/buy' }
const USD: OnrampOptions['paymentCurrencies'][number] = { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }
// The card provider's list (EVM only), as the service sends it.
const SERVICE_OPTIONS: OnrampOptions = {
  paymentCurrencies: [USD],
  purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: '' }] }],
}

function connectedTo(network: Network, address: string, options: Partial<AirlockOptions> = {}): { state: AirlockState; account: string } {
  const account = `${network.caipNetworkId}:${address}`
  const namespace = network.chainNamespace
  const state = reduce(initialState({ networks: [network], projectId: 'project-1', ...options }), { type: 'connection/accountConnected', namespace, caipAddress: account as never, connectorId: `${namespace}.test` })
  return { state: reduce(state, { type: 'onramp/opened', account }), account }
}

describe('the aggregator provider (SPEC 9: EVM and Solana)', () => {
  test('offered only with the site key, on EVM beside the card provider and alone on Solana; the feature list narrows both', () => {
    const ids = (network: Network, address: string, options: Partial<AirlockOptions> = {}) => availableOnrampProviders(connectedTo(network, address, options).state).map((p) => p.id)
    expect(ids(DEVNET, EVM)).toEqual(['coinbase'])
    expect(ids(SOLANA, SOL_ADDRESS)).toEqual([])
    expect(ids(DEVNET, EVM, { onrampProviders: { meld: SITE } })).toEqual(['coinbase', 'meld'])
    expect(ids(SOLANA, SOL_ADDRESS, { onrampProviders: { meld: SITE } })).toEqual(['meld'])
    expect(ids(DEVNET, EVM, { onrampProviders: { meld: SITE }, features: { onramp: ['meld'] } })).toEqual(['meld'])
    expect(ids(SOLANA, SOL_ADDRESS, { onrampProviders: { meld: SITE }, features: { onramp: false } })).toEqual([])
  })

  test('with the aggregator alone on EVM no quote is asked for; the card provider offered again (remote features) asks for one, the form kept', () => {
    const { state, account } = connectedTo(DEVNET, EVM, { onrampProviders: { meld: SITE }, features: { onramp: ['meld'] } })
    const opened = reduce(state, { type: 'onramp/opened', account, quoted: false })
    const filled = [
      { type: 'onramp/optionsLoaded', account, options: SERVICE_OPTIONS, fallback: false },
      { type: 'onramp/formChanged', amount: '50' },
    ] as const satisfies readonly Action[]
    const ready = filled.reduce<AirlockState>((s, a) => reduce(s, a), opened)
    expect(ready.portfolio?.onramp?.quote.status).toBe('idle')
    const cardBack = reduce(ready, { type: 'onramp/opened', account, quoted: true })
    expect(cardBack.portfolio?.onramp).toMatchObject({ amount: '50', purchaseCurrency: 'eth', quote: { status: 'waiting' } })
    // A log from before the flag: EVM accounts are quoted, as they were.
    const old = filled.reduce<AirlockState>((s, a) => reduce(s, a), state)
    expect(old.portfolio?.onramp?.quote.status).toBe('waiting')
  })

  test("its page: the site's key and widget, what to buy, the amount, the address and its network", () => {
    const form = { options: { status: 'loaded' as const, value: SERVICE_OPTIONS, fallback: false }, purchaseCurrency: 'eth', paymentCurrency: 'EUR' as const, method: 'card' as const, amount: '50' }
    const url = new URL(aggregatorUrl({ site: SITE, form, network: DEVNET, address: EVM, projectId: 'project-1' }))
    expect(`${url.origin}${url.pathname}`).toBe('https://widget.example/buy')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: 'pk_site',
      destinationCurrencyCode: 'ETH',
      walletAddress: EVM,
      externalCustomerId: 'project-1',
      sourceAmount: '50',
      sourceCurrencyCode: 'EUR',
      paymentMethodType: 'card',
      network: 'eip155:31337',
    })
    // Without a URL of the site's own, the aggregator's widget; without a project id, no customer id.
    const plain = new URL(aggregatorUrl({ site: { publicKey: 'pk' }, form: { ...form, purchaseCurrency: null }, network: SOLANA, address: SOL_ADDRESS, projectId: null }))
    expect(plain.origin).toBe(new URL(AGGREGATOR_URL).origin)
    expect([plain.searchParams.get('destinationCurrencyCode'), plain.searchParams.has('externalCustomerId'), plain.searchParams.get('network')]).toEqual(['SOL', false, airlockSolanaLocal.caipNetworkId])
  })

  test("on Solana the service's EVM list gives way to the chain's own coin, and no quote is asked for", async () => {
    const { state, account } = connectedTo(SOLANA, SOL_ADDRESS, { onrampProviders: { meld: SITE } })
    const answer = async () => SERVICE_OPTIONS
    const api = { get: answer, post: answer }
    const deps = { ...marbleDeps(new TestScheduler(() => {})), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
    const [loaded] = await lastValueFrom(onrampOptionsEpic(from<Action[]>([{ type: 'onramp/opened', account }]), stateFollowing(state).state$, deps).pipe(toArray()))
    expect((loaded as Extract<Action, { type: 'onramp/optionsLoaded' }>).options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['SOL'])
    const form = reduce(reduce(state, loaded!), { type: 'onramp/formChanged', amount: '50' })
    expect(form.portfolio?.onramp?.quote.status).toBe('idle')
    // The card provider needs a quote; the aggregator a valid form.
    expect(reduce(form, { type: 'onramp/providerChosen', provider: 'coinbase' }).portfolio?.onramp?.purchase.status).toBe('idle')
    expect(reduce(form, { type: 'onramp/providerChosen', provider: 'meld' }).portfolio?.onramp?.purchase.status).toBe('opening')
    expect(reduce(reduce(state, loaded!), { type: 'onramp/providerChosen', provider: 'meld' }).portfolio?.onramp?.purchase.status).toBe('idle')
  })

  test('choosing it sends its page to the window the click opened, with no service call; without the site key it fails in words', async () => {
    const run = async (options: Partial<AirlockOptions>) => {
      let { state, account } = connectedTo(SOLANA, SOL_ADDRESS, options)
      state = reduce(state, { type: 'onramp/optionsLoaded', account, options: { paymentCurrencies: [USD], purchaseCurrencies: [] }, fallback: false })
      state = reduce(reduce(state, { type: 'onramp/formChanged', purchaseCurrency: 'SOL', amount: '50' }), { type: 'onramp/providerChosen', provider: 'meld' })
      const calls: string[] = []
      const api = { get: async ({ path }: { path: string }) => void calls.push(path), post: async ({ path }: { path: string }) => void calls.push(path) }
      const deps = { ...marbleDeps(new TestScheduler(() => {})), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
      const popup = { closed: false, location: { href: 'about:blank' }, close() { this.closed = true } }
      onrampPopup(deps.providers, popup)
      const out = await lastValueFrom(onrampPurchaseEpic()(from<Action[]>([{ type: 'onramp/providerChosen', provider: 'meld' }]), stateFollowing(state).state$, deps).pipe(toArray()))
      return { out, popup, calls }
    }
    const opened = await run({ onrampProviders: { meld: SITE } })
    expect(opened.out).toEqual([{ type: 'onramp/providerOpened', startBalance: null }])
    expect(new URL(opened.popup.location.href).searchParams.get('walletAddress')).toBe(SOL_ADDRESS)
    expect(opened.calls).toEqual([])
    const refused = await run({})
    expect(refused.out).toEqual([{ type: 'onramp/failed', error: { message: 'This site has not set up the aggregator' } }])
    expect(refused.popup.closed).toBe(true)
  })
})
