import { useEffect, useId } from 'react'
import { formatUnits } from 'viem'
import { ONRAMP_CURRENCIES } from '../../../core/constants/onrampLimits.js'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { shortDecimal } from '../../../core/format/shortDecimal.js'
import { availableOnrampProviders, ONRAMP_PROVIDER_LIST } from '../../../core/onramp/onrampProviders.js'
import { onrampPopup } from '../../../core/onramp/onrampSession.js'
import type { OnrampProviderId, OnrampState, PaymentCurrencyId, PaymentMethod } from '../../../core/onramp/types.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { selectActiveNetwork } from '../../../core/slices/network/selectors.js'
import { initialOnrampState, onrampAmountError, onrampFormReady, onrampLimits } from '../../../core/slices/portfolio/onrampReducer.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
import { DetailRow } from '../parts/DetailRow.js'
import { CurrencyIcon, TokenIcon } from '../tabs/TokenIcon.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

const METHODS: readonly { id: PaymentMethod; label: string }[] = [
  { id: 'card', label: 'Card' },
  { id: 'ach_bank_account', label: 'Bank account' },
]

/**
 * Buy crypto (SPEC 2 OnRampProviders, SPEC 7 on-ramp calls): what to buy, the payment currency
 * (USD, EUR) and method, an amount within the limits (checked as it is typed), a quote with its fees
 * (an estimate when the service failed), then a provider's page in a new window; this view then waits
 * for the funds and says when they arrive.
 */
export function OnRampProviders() {
  const key = useAirlockSelector(activeAccountKey)
  if (!key) return <NotConnected />
  return <OnRampFlow key={key} accountKey={key} />
}

function OnRampFlow({ accountKey }: { accountKey: string }) {
  const airlock = useAirlockInstance()
  const network = useAirlockSelector(selectActiveNetwork)
  // Absent until this view first opens (the effect below).
  const onramp = useAirlockSelector((state) => selectPortfolio(state).onramp) ?? initialOnrampState
  const providers = useAirlockSelector(availableOnrampProviders, shallowEqual)
  const amountId = useId()
  const errorId = useId()
  const quoted = providers.some((p) => p.id === 'coinbase')
  useEffect(() => {
    airlock.dispatch({ type: 'onramp/opened', account: accountKey, quoted })
  }, [airlock, accountKey, quoted])

  const { purchase, quote } = onramp
  const symbol = onramp.options.value?.purchaseCurrencies.find((c) => c.id === onramp.purchaseCurrency)?.symbol ?? network.nativeCurrency.symbol

  if (onramp.options.status !== 'loaded') return <div className="center"><Spinner label="Loading" size="lg" /></div>

  if (purchase.status === 'opening' || purchase.status === 'waiting') {
    return (
      <div className="center" data-airlock="onramp-waiting">
        <Spinner label="Waiting for your purchase" size="lg" />
        <p className="muted" role="status">
          {purchase.status === 'opening' ? 'Opening the provider…' : `Finish buying ${symbol} in the ${providerName(purchase.provider)} window. Your balance updates here when the funds arrive.`}
        </p>
        <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'onramp/reset' })}>
          Cancel
        </button>
      </div>
    )
  }

  if (purchase.status === 'arrived') {
    return (
      <div className="stack" data-airlock="onramp-arrived">
        <p className="lead" role="status">
          {groupDecimal(shortDecimal(formatUnits(BigInt(purchase.received ?? '0'), network.nativeCurrency.decimals), 6))} {network.nativeCurrency.symbol} arrived in your wallet
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            airlock.dispatch({ type: 'onramp/reset' })
            airlock.dispatch({ type: 'router/backRequested' })
          }}
        >
          Done
        </button>
      </div>
    )
  }

  const amountError = onrampAmountError(onramp)
  const formReady = onrampFormReady(onramp)
  const limits = onrampLimits(onramp)
  const currencies = onramp.options.value?.purchaseCurrencies ?? []
  const buying = currencies.find((c) => c.id === onramp.purchaseCurrency)
  const choose = (provider: OnrampProviderId) => {
    // Inside the click: a window opened later would be blocked. The URL follows once the service made it.
    const opened = typeof window === 'undefined' ? null : window.open('about:blank', 'airlock-onramp', 'popup,width=500,height=720')
    onrampPopup(airlock.deps.providers, opened)
    airlock.dispatch({ type: 'onramp/providerChosen', provider })
  }

  return (
    <div className="stack" data-airlock="onramp">
      {onramp.options.fallback ? (
        <p className="muted" role="note" style={{ margin: 0 }}>
          Showing the default options: the provider list could not be loaded.
        </p>
      ) : null}
      <label className="stack">
        <span className="muted">You buy</span>
        <span className="with-icon">
          {buying ? <TokenIcon key={buying.symbol} url="" symbol={buying.symbol} /> : null}
          <select className="search" value={onramp.purchaseCurrency ?? ''} onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', purchaseCurrency: event.target.value })} data-airlock="onramp-purchase-currency">
            {currencies.length === 0 ? <option value="">Nothing to buy on {network.name}</option> : null}
            {currencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.symbol} · {c.name}
              </option>
            ))}
          </select>
        </span>
      </label>
      <span style={{ display: 'flex', gap: 8 }}>
        <label className="stack" style={{ flex: 1 }}>
          <span className="muted">Pay in</span>
          <span className="with-icon">
            <CurrencyIcon key={onramp.paymentCurrency} code={onramp.paymentCurrency} />
            <select className="search" value={onramp.paymentCurrency} onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', paymentCurrency: event.target.value as PaymentCurrencyId })} data-airlock="onramp-payment-currency">
              {ONRAMP_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </span>
        </label>
        <label className="stack" style={{ flex: 1 }}>
          <span className="muted">Pay with</span>
          <select className="search" value={onramp.method} onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', method: event.target.value as PaymentMethod })} data-airlock="onramp-method">
            {METHODS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </span>
      <span className="stack">
        <label className="muted" htmlFor={amountId}>
          Amount ({limits.min} to {limits.max} {onramp.paymentCurrency})
        </label>
        <input
          id={amountId}
          className="search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={onramp.amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? errorId : undefined}
          onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', amount: event.target.value.trim() })}
          data-airlock="onramp-amount"
        />
        {amountError ? (
          <span className="error" id={errorId} role="alert" data-airlock="onramp-amount-error">
            {amountError}
          </span>
        ) : null}
      </span>
      <QuoteSummary onramp={onramp} symbol={symbol} />
      {formReady && quote.status === 'idle' ? (
        <p className="muted" data-airlock="onramp-no-quote" style={{ margin: 0 }}>
          The provider shows the price and its fees before you pay.
        </p>
      ) : null}
      {purchase.status === 'failed' ? (
        <p className="error" role="alert" data-airlock="onramp-error">
          {purchase.error?.message}
        </p>
      ) : null}
      <ul className="stack" aria-label="Providers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {providers.map((p) => (
          <li key={p.id}>
            <button type="button" className="row" disabled={p.id === 'meld' ? !formReady : quote.status !== 'ready'} onClick={() => choose(p.id)} data-airlock="onramp-provider" data-provider={p.id}>
              <span className="row-name">
                {p.name} <span className="muted">{p.description}</span>
              </span>
              <span className="muted">{p.id === 'coinbase' && quote.value && !quote.value.estimate ? `Fee ${quote.value.providerFee} ${quote.value.currency}` : 'Fee 1-2%'}</span>
            </button>
          </li>
        ))}
      </ul>
      {providers.length === 0 ? <p className="muted">No provider sells on {network.name}.</p> : null}
    </div>
  )
}

function QuoteSummary({ onramp, symbol }: { onramp: OnrampState; symbol: string }) {
  const { quote } = onramp
  if (quote.status === 'waiting' || quote.status === 'loading') return <Spinner label="Getting a quote" />
  if (quote.status !== 'ready' || !quote.value) return null
  const q = quote.value
  return (
    <dl className="stack" data-airlock="onramp-quote" style={{ margin: 0 }}>
      <DetailRow label={q.estimate ? 'You get (estimate)' : 'You get'} value={q.purchaseAmount ? `${groupDecimal(shortDecimal(q.purchaseAmount, 6))} ${symbol}` : 'Shown by the provider'} />
      <DetailRow label="Provider fee" value={`${q.providerFee} ${q.currency}`} />
      <DetailRow label="Network fee" value={`${q.networkFee} ${q.currency}`} />
      <DetailRow label="Total" value={`${q.paymentTotal} ${q.currency}`} />
    </dl>
  )
}

const providerName = (id: OnrampProviderId | null): string => ONRAMP_PROVIDER_LIST.find((p) => p.id === id)?.name ?? 'provider'
