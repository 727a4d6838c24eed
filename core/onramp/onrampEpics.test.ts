import { from, lastValueFrom, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import { airlockDevnet } from '../chains/networks.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { hangingApi, marbleDeps, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../tests/support/state.js'
import { onrampAmountError, onrampAmountIssue, onrampReducer, initialOnrampState } from '../slices/portfolio/onrampReducer.js'
import { onrampOptionsEpic, onrampQuoteEpic } from './onrampEpics.js'
import { onrampRestricted } from './onrampSession.js'
import type { OnrampOptions, OnrampState } from './types.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT = `eip155:31337:${A}`
const OPTIONS: OnrampOptions = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] }],
  purchaseCurrencies: [{ id: 'airlock-dev-eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: '' }] }],
}
const fold = (actions: Action[], state: OnrampState = initialOnrampState) => actions.reduce(onrampReducer, state)
const loaded = () => fold([{ type: 'onramp/opened', account: ACCOUNT }, { type: 'onramp/optionsLoaded', account: ACCOUNT, options: OPTIONS, fallback: false }])
const connected = (): AirlockState =>
  reduce(reduce(initialState({ networks: [airlockDevnet] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: ACCOUNT as never, connectorId: 'evm.test' }), { type: 'onramp/opened', account: ACCOUNT })

describe('onramp form (SPEC 9 limits, shown inline)', () => {
  test('card 10.00 to 7500.00, bank account up to 25000.00; at most 2 decimals', () => {
    const form = (amount: string, method: 'card' | 'ach_bank_account' = 'card') => onrampAmountError({ ...loaded(), amount, method })
    expect([form('9.99'), form('10'), form('7500.00'), form('7500.01')]).toEqual(['The minimum by card is 10.00 USD', null, null, 'The maximum by card is 7500.00 USD'])
    expect([form('25000.00', 'ach_bank_account'), form('25000.01', 'ach_bank_account')]).toEqual([null, 'The maximum by bank account is 25000.00 USD'])
    expect([form(''), form('1.234'), form('abc')]).toEqual(['', 'Enter an amount with at most 2 decimals', 'Enter an amount with at most 2 decimals'])
    // The same, as the codes the views word in their language.
    const issue = (amount: string) => onrampAmountIssue({ ...loaded(), amount, method: 'card' })
    expect(['', '1.234', '9.99', '10', '7500.01'].map(issue)).toEqual(['', 'decimals', 'min', null, 'max'])
  })

  test('only a valid amount waits for a quote; the first purchase currency is chosen; a provider opens only on a ready quote', () => {
    const state = loaded()
    expect(state.purchaseCurrency).toBe('airlock-dev-eth')
    expect(fold([{ type: 'onramp/formChanged', amount: '5' }], state).quote.status).toBe('idle')
    const waiting = fold([{ type: 'onramp/formChanged', amount: '50' }], state)
    expect(waiting.quote.status).toBe('waiting')
    expect(onrampReducer(waiting, { type: 'onramp/providerChosen', provider: 'coinbase' })).toBe(waiting)
    const quote = { purchaseAmount: '0.016', purchaseCurrency: 'ETH', paymentTotal: '50.00', paymentSubtotal: '48.75', networkFee: '0.50', providerFee: '0.75', currency: 'USD', estimate: false }
    const opening = fold([{ type: 'onramp/quoteRequested' }, { type: 'onramp/quoteLoaded', quote }, { type: 'onramp/providerChosen', provider: 'coinbase' }], waiting)
    expect(opening.purchase.status).toBe('opening')
    const arrived = fold([{ type: 'onramp/providerOpened', startBalance: '5' }, { type: 'onramp/fundsArrived', received: '16000000000000000' }], opening)
    expect(arrived.purchase).toEqual({ status: 'arrived', provider: 'coinbase', startBalance: '5', received: '16000000000000000', error: null })
    expect(onrampReducer(arrived, { type: 'onramp/reset' }).purchase.status).toBe('idle')
  })

  test('restricted time zones (SPEC 9): mainland China, Hong Kong and Macau', () => {
    expect(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Urumqi'].map((z) => onrampRestricted(z))).toEqual([true, true, true, true])
    expect(['Asia/Taipei', 'Europe/Paris', 'America/New_York'].map((z) => onrampRestricted(z))).toEqual([false, false, false])
  })
})

describe('onramp calls (SPEC 7, SPEC 8 fallbacks)', () => {
  const failingApi = () => {
    const paths: string[] = []
    const fail = async ({ path }: { path: string }) => {
      paths.push(path)
      throw new Error('HTTP status code: 500')
    }
    return { api: { get: fail, post: fail }, paths }
  }

  test('options that fail fall back to USD and EUR with SPEC 9 limits and the network coin', async () => {
    const { api, paths } = failingApi()
    const deps = { ...marbleDeps(new TestScheduler(() => {})), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
    const state = connected()
    const out = await lastValueFrom(onrampOptionsEpic(from<Action[]>([{ type: 'onramp/opened', account: ACCOUNT }]), stateFollowing(state).state$, deps).pipe(toArray()))
    expect(paths).toEqual(['/v1/onramp/options'])
    const action = out[0] as Extract<Action, { type: 'onramp/optionsLoaded' }>
    expect(action.fallback).toBe(true)
    expect(action.options.paymentCurrencies.map((c) => `${c.id} ${c.payment_method_limits.map((l) => `${l.id} ${l.min}-${l.max}`).join(', ')}`)).toEqual([
      'USD card 10.00-7500.00, ach_bank_account 10.00-25000.00',
      'EUR card 10.00-7500.00, ach_bank_account 10.00-25000.00',
    ])
    expect(action.options.purchaseCurrencies.map((c) => `${c.symbol} ${c.networks[0]!.chain_id}`)).toEqual(['ETH 31337'])
  })

  test('one quote 500 ms after the amount last changed; a failing quote becomes an estimate at 2 %', async () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, paths } = hangingApi(scheduler)
      const state = reduce(connected(), { type: 'onramp/optionsLoaded', account: ACCOUNT, options: OPTIONS, fallback: false })
      const input$ = hot<Action>('a 199ms b 99ms c', { a: { type: 'onramp/formChanged', amount: '5' }, b: { type: 'onramp/formChanged', amount: '50' }, c: { type: 'onramp/formChanged', amount: '60' } })
      const { out$ } = runEpic(scheduler, onrampQuoteEpic, input$, state, deps)
      expectObservable(out$, '^ 2s !').toBe('300ms 500ms q', { q: { type: 'onramp/quoteRequested' } })
      scheduler.flush()
      expect(paths).toEqual(['/v1/onramp/quote'])
    })
    const { api } = failingApi()
    const deps = { ...marbleDeps(new TestScheduler(() => {})), scheduler: { now: () => 0, schedule: (work: () => void) => (work(), { unsubscribe() {} }) }, http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
    let state = reduce(connected(), { type: 'onramp/optionsLoaded', account: ACCOUNT, options: OPTIONS, fallback: false })
    state = reduce(state, { type: 'onramp/formChanged', amount: '50' })
    const out = await lastValueFrom(onrampQuoteEpic(from<Action[]>([{ type: 'onramp/formChanged', amount: '50' }]), stateFollowing(state).state$, deps).pipe(toArray()))
    expect(out).toEqual([
      { type: 'onramp/quoteRequested' },
      { type: 'onramp/quoteLoaded', quote: { purchaseAmount: '', purchaseCurrency: 'ETH', paymentTotal: '50.00', paymentSubtotal: '49.00', networkFee: '0.00', providerFee: '1.00', currency: 'USD', estimate: true } },
    ])
  })
})
