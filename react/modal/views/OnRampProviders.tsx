import { useEffect, useId } from 'react'
import { formatUnits } from 'viem'
import { ONRAMP_CURRENCIES } from '../../../core/constants/onrampLimits.js'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { shortDecimal } from '../../../core/format/shortDecimal.js'
import { availableOnrampProviders, ONRAMP_PROVIDER_LIST } from '../../../core/onramp/onrampProviders.js'
import { onrampPopup } from '../../../core/onramp/onrampSession.js'
import type { OnrampProviderId, OnrampState, PaymentCurrencyId, PaymentMethod } from '../../../core/onramp/types.js'
import type { MessageKey } from '../../../core/i18n/en.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { selectActiveNetwork } from '../../../core/slices/network/selectors.js'
import { initialOnrampState, onrampAmountError, onrampAmountIssue, onrampFormReady, onrampLimits } from '../../../core/slices/portfolio/onrampReducer.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT, type Translate } from '../../i18n/useT.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
import { DetailRow } from '../parts/DetailRow.js'
import { CurrencyIcon, TokenIcon } from '../tabs/TokenIcon.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

const METHODS: readonly { id: PaymentMethod; label: MessageKey }[] = [
  { id: 'card', label: 'flows.OnRampProviders.methodCard' },
  { id: 'ach_bank_account', label: 'flows.OnRampProviders.methodBankAccount' },
]

/** The limit messages by payment method: the method is part of the sentence, so each is whole. */
const LIMIT_MESSAGES: Record<PaymentMethod, { min: MessageKey; max: MessageKey }> = {
  card: { min: 'flows.OnRampProviders.minimumCard', max: 'flows.OnRampProviders.maximumCard' },
  ach_bank_account: { min: 'flows.OnRampProviders.minimumBankAccount', max: 'flows.OnRampProviders.maximumBankAccount' },
}

/**
 * The amount's error in the shown language, from core's code for it (onrampAmountIssue): a limit
 * message names the limit; the decimals one is core's English text, translated by `t.core`.
 */
function amountErrorText(t: Translate, error: string, onramp: OnrampState, limits: { min: string; max: string }): string {
  const issue = onrampAmountIssue(onramp)
  return issue === 'min' || issue === 'max' ? t(LIMIT_MESSAGES[onramp.method][issue], { amount: limits[issue], currency: onramp.paymentCurrency }) : t.core(error)
}

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
  const t = useT()
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

  if (onramp.options.status !== 'loaded') return <div className="center"><Spinner label={t('common.loading')} size="lg" /></div>

  if (purchase.status === 'opening' || purchase.status === 'waiting') {
    return (
      <div className="center" data-airlock="onramp-waiting">
        <Spinner label={t('flows.OnRampProviders.waiting')} size="lg" />
        <p className="muted" role="status">
          {purchase.status === 'opening' ? t('flows.OnRampProviders.opening') : t('flows.OnRampProviders.finishBuying', { symbol, provider: providerName(purchase.provider) ?? t('flows.OnRampProviders.providerFallback') })}
        </p>
        <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'onramp/reset' })}>
          {t('flows.OnRampProviders.cancel')}
        </button>
      </div>
    )
  }

  if (purchase.status === 'arrived') {
    return (
      <div className="stack" data-airlock="onramp-arrived">
        <p className="lead" role="status">
          {t('flows.OnRampProviders.arrived', {
            amount: groupDecimal(shortDecimal(formatUnits(BigInt(purchase.received ?? '0'), network.nativeCurrency.decimals), 6), t.locale),
            symbol: network.nativeCurrency.symbol,
          })}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            airlock.dispatch({ type: 'onramp/reset' })
            airlock.dispatch({ type: 'router/backRequested' })
          }}
        >
          {t('flows.OnRampProviders.done')}
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
          {t('flows.OnRampProviders.defaultOptions')}
        </p>
      ) : null}
      <label className="stack">
        <span className="muted">{t('flows.OnRampProviders.youBuy')}</span>
        <span className="with-icon">
          {buying ? <TokenIcon key={buying.symbol} url="" symbol={buying.symbol} /> : null}
          <select className="search" value={onramp.purchaseCurrency ?? ''} onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', purchaseCurrency: event.target.value })} data-airlock="onramp-purchase-currency">
            {currencies.length === 0 ? <option value="">{t('flows.OnRampProviders.nothingToBuy', { network: network.name })}</option> : null}
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
          <span className="muted">{t('flows.OnRampProviders.payIn')}</span>
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
          <span className="muted">{t('flows.OnRampProviders.payWith')}</span>
          <select className="search" value={onramp.method} onChange={(event) => airlock.dispatch({ type: 'onramp/formChanged', method: event.target.value as PaymentMethod })} data-airlock="onramp-method">
            {METHODS.map((m) => (
              <option key={m.id} value={m.id}>
                {t(m.label)}
              </option>
            ))}
          </select>
        </label>
      </span>
      <span className="stack">
        <label className="muted" htmlFor={amountId}>
          {t('flows.OnRampProviders.amountLabel', { min: limits.min, max: limits.max, currency: onramp.paymentCurrency })}
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
            {amountErrorText(t, amountError, onramp, limits)}
          </span>
        ) : null}
      </span>
      <QuoteSummary onramp={onramp} symbol={symbol} t={t} />
      {formReady && quote.status === 'idle' ? (
        <p className="muted" data-airlock="onramp-no-quote" style={{ margin: 0 }}>
          {t('flows.OnRampProviders.noQuote')}
        </p>
      ) : null}
      {purchase.status === 'failed' ? (
        <p className="error" role="alert" data-airlock="onramp-error">
          {purchase.error ? t.core(purchase.error.message) : null}
        </p>
      ) : null}
      <ul className="stack" aria-label={t('flows.OnRampProviders.providers')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {providers.map((p) => (
          <li key={p.id}>
            <button type="button" className="row" disabled={p.id === 'meld' ? !formReady : quote.status !== 'ready'} onClick={() => choose(p.id)} data-airlock="onramp-provider" data-provider={p.id}>
              <span className="row-name">
                {p.name} <span className="muted">{t.core(p.description)}</span>
              </span>
              <span className="muted">{p.id === 'coinbase' && quote.value && !quote.value.estimate ? t('flows.OnRampProviders.fee', { amount: quote.value.providerFee, currency: quote.value.currency }) : t('flows.OnRampProviders.feeRange')}</span>
            </button>
          </li>
        ))}
      </ul>
      {providers.length === 0 ? <p className="muted">{t('flows.OnRampProviders.noProvider', { network: network.name })}</p> : null}
    </div>
  )
}

function QuoteSummary({ onramp, symbol, t }: { onramp: OnrampState; symbol: string; t: Translate }) {
  const { quote } = onramp
  if (quote.status === 'waiting' || quote.status === 'loading') return <Spinner label={t('flows.OnRampProviders.gettingQuote')} />
  if (quote.status !== 'ready' || !quote.value) return null
  const q = quote.value
  return (
    <dl className="stack" data-airlock="onramp-quote" style={{ margin: 0 }}>
      <DetailRow
        label={q.estimate ? t('flows.OnRampProviders.youGetEstimate') : t('flows.OnRampProviders.youGet')}
        value={q.purchaseAmount ? `${groupDecimal(shortDecimal(q.purchaseAmount, 6), t.locale)} ${symbol}` : t('flows.OnRampProviders.shownByProvider')}
      />
      <DetailRow label={t('flows.OnRampProviders.providerFee')} value={`${q.providerFee} ${q.currency}`} />
      <DetailRow label={t('flows.OnRampProviders.networkFee')} value={`${q.networkFee} ${q.currency}`} />
      <DetailRow label={t('flows.OnRampProviders.total')} value={`${q.paymentTotal} ${q.currency}`} />
    </dl>
  )
}

/** A provider's product name (not translated); undefined when none was chosen. */
const providerName = (id: OnrampProviderId | null): string | undefined => ONRAMP_PROVIDER_LIST.find((p) => p.id === id)?.name
