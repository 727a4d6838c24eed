import { useEffect, useId, useMemo, useState } from 'react'
import { formatUnits, parseUnits } from 'viem'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { shortDecimal } from '../../../core/format/shortDecimal.js'
import { truncateDecimal } from '../../../core/format/truncateDecimal.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import type { TokenBalance } from '../../../core/portfolio/types.js'
import { selectActiveNetwork } from '../../../core/slices/network/selectors.js'
import { initialSwapState, isNativeToken, needsApproval } from '../../../core/slices/portfolio/swapReducer.js'
import { SUGGESTED_SWAP_SYMBOLS, SWAP_SLIPPAGE } from '../../../core/swap/swapCalls.js'
import type { SwapState, SwapToken } from '../../../core/swap/types.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
import { TokenIcon } from '../tabs/TokenIcon.js'
import { DetailRow } from '../parts/DetailRow.js'
import { TransactionDone } from '../parts/TransactionDone.js'
import { useT } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Gas a swap through the service's router takes, and an approval, for the fee shown before the wallet estimates it. */
const SWAP_GAS = 150_000n
const APPROVE_GAS = 50_000n
/** How often a shown quote is refreshed (SPEC 7: stale after 15 s), as the preview says it. */
const QUOTE_REFRESH_SECONDS = 15

/**
 * Swap (SPEC 2, 7): from and to tokens (the tokens held first, then the service's list, searchable),
 * an amount, a quote 500 ms after the last change; a preview with rate, price impact, network fee and
 * minimum received that goes stale after 15 s and refreshes; then the approval (when the allowance is
 * short) and the swap, each signed through the connected wallet. The flow lives in the store
 * (core/swap/swapEpics.ts): the embedded wallet's approval view replaces this one while it waits.
 */
export function Swap() {
  const key = useAirlockSelector(activeAccountKey)
  if (!key) return <NotConnected />
  return <SwapFlow key={key} accountKey={key} />
}

function SwapFlow({ accountKey }: { accountKey: string }) {
  const airlock = useAirlockInstance()
  const t = useT()
  const network = useAirlockSelector(selectActiveNetwork)
  // Absent until this view first opens (the effect below).
  const swap = useAirlockSelector((state) => selectPortfolio(state).swap) ?? initialSwapState
  const held = useAirlockSelector((state) => selectPortfolio(state).tokens[accountKey]?.data)
  const [picking, setPicking] = useState<'from' | 'to' | null>(null)
  const [reviewing, setReviewing] = useState(false)
  useEffect(() => {
    airlock.dispatch({ type: 'swap/opened', account: accountKey })
    airlock.dispatch({ type: 'portfolio/fetchRequested', resource: 'tokens', key: accountKey })
  }, [airlock, accountKey])

  const balances = useMemo(() => balancesBySymbol(held), [held])
  const { execution } = swap

  if (swap.tokens.status === 'failed') {
    return (
      <div className="center" data-airlock="swap-unavailable">
        <p className="error" role="alert">
          {swap.tokens.error?.message ? t.core(swap.tokens.error.message) : null}
        </p>
      </div>
    )
  }
  if (swap.tokens.status !== 'loaded') return <div className="center"><Spinner label={t('trade.Swap.loadingTokens')} size="lg" /></div>

  if (execution.status === 'approving' || execution.status === 'swapping') {
    const what = execution.status === 'approving'
      ? execution.approvalHash
        ? t('trade.Swap.approvalConfirming')
        : t('trade.Swap.approveInWallet', { symbol: String(swap.from?.symbol) })
      : t('trade.Swap.confirmInWallet', { amount: swap.amount, from: String(swap.from?.symbol), to: String(swap.to?.symbol) })
    return (
      <div className="center" data-airlock="swap-pending">
        <Spinner label={t('trade.Swap.waitingForWallet')} size="lg" />
        <p className="muted" role="status">
          {what}
        </p>
      </div>
    )
  }

  if (execution.status === 'done' && execution.hash) {
    const quote = swap.quote.value
    return (
      <TransactionDone
        kind="swap"
        hash={execution.hash}
        network={network}
        onDone={() => {
          setReviewing(false)
          airlock.dispatch({ type: 'swap/reset' })
        }}
      >
        {t('trade.Swap.swapped', { amount: swap.amount, from: swap.from?.symbol ?? '', received: quote && swap.to ? amountText(quote.toAmount, swap.to, t.locale) : '', to: swap.to?.symbol ?? '' })}
      </TransactionDone>
    )
  }

  if (picking) {
    return (
      <TokenPicker
        tokens={swap.tokens.list}
        balances={balances}
        side={picking}
        onPick={(token) => {
          airlock.dispatch({ type: 'swap/formChanged', [picking]: token })
          setPicking(null)
        }}
        onCancel={() => setPicking(null)}
      />
    )
  }

  const fromBalance = swap.from ? balances.get(swap.from.symbol) : undefined
  const insufficient = swap.from !== null && amountUnits(swap.amount, swap.from) !== null && amountUnits(swap.amount, swap.from)! > parseUnits(fromBalance ?? '0', swap.from.decimals)
  const failedText = execution.status === 'failed' ? execution.error?.message : swap.quote.status === 'failed' ? swap.quote.error?.message : null
  const failed = failedText ? t.core(failedText) : null

  if (reviewing && swap.quote.value && swap.from && swap.to) {
    return <Preview swap={swap} nativeSymbol={network.nativeCurrency.symbol} nativeDecimals={network.nativeCurrency.decimals} prices={pricesBySymbol(held)} error={failed ?? null} onEdit={() => setReviewing(false)} onConfirm={() => airlock.dispatch({ type: 'swap/confirmed' })} />
  }

  return (
    <form
      className="stack"
      data-airlock="swap-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (swap.quote.status === 'ready' && !insufficient) setReviewing(true)
      }}
    >
      <TokenAmount
        label={t('trade.Swap.youPay')}
        token={swap.from}
        balance={fromBalance}
        onPick={() => setPicking('from')}
        amount={swap.amount}
        onAmount={(amount) => airlock.dispatch({ type: 'swap/formChanged', amount })}
        onMax={fromBalance && swap.from && !isNativeToken(swap.from.address) ? () => airlock.dispatch({ type: 'swap/formChanged', amount: fromBalance }) : undefined}
      />
      <button type="button" className="button" aria-label={t('trade.Swap.switchTokens')} data-airlock="swap-flip" onClick={() => airlock.dispatch({ type: 'swap/flipped' })} style={{ alignSelf: 'center' }}>
        ⇅
      </button>
      <TokenAmount label={t('trade.Swap.youReceive')} token={swap.to} balance={swap.to ? balances.get(swap.to.symbol) : undefined} onPick={() => setPicking('to')} quote={swap} />
      {insufficient ? (
        <p className="error" role="alert" data-airlock="swap-error">
          {t('trade.Swap.insufficientBalance')}
        </p>
      ) : failed ? (
        <p className="error" role="alert" data-airlock="swap-error">
          {failed}
        </p>
      ) : null}
      <button type="submit" className="button" data-airlock="swap-review" disabled={swap.quote.status !== 'ready' || insufficient}>
        {swap.quote.status === 'loading' || swap.quote.status === 'waiting' ? <Spinner label={t('trade.Swap.gettingQuote')} /> : !swap.to ? t('trade.Swap.chooseToken') : t('trade.Swap.review')}
      </button>
    </form>
  )
}

function TokenAmount(props: {
  label: string
  token: SwapToken | null
  balance: string | undefined
  onPick: () => void
  amount?: string
  onAmount?: (amount: string) => void
  onMax?: (() => void) | undefined
  quote?: SwapState
}) {
  const id = useId()
  const t = useT()
  const { token, quote } = props
  const received = quote?.quote.value && quote.to ? amountText(quote.quote.value.toAmount, quote.to, t.locale) : ''
  return (
    <div className="stack" style={{ gap: 6 }}>
      <span className="muted" id={id}>
        {token && props.balance !== undefined ? t('trade.Swap.labelWithBalance', { label: props.label, amount: groupDecimal(truncateDecimal(props.balance, 4), t.locale), symbol: token.symbol }) : props.label}
      </span>
      <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {props.onAmount ? (
          <input className="search" inputMode="decimal" autoComplete="off" placeholder="0.0" aria-labelledby={id} value={props.amount} onChange={(event) => props.onAmount!(event.target.value.trim())} data-airlock="swap-amount" style={{ flex: 1, minWidth: 0 }} />
        ) : (
          <output className="search" aria-labelledby={id} aria-busy={quote?.quote.status === 'loading' || undefined} data-airlock="swap-receive" style={{ flex: 1, minWidth: 0, color: quote?.quote.status === 'ready' ? undefined : 'var(--airlock-foreground-muted)' }}>
            {received || '0.0'}
          </output>
        )}
        {props.onMax ? (
          <button type="button" className="button" onClick={props.onMax}>
            {t('trade.Swap.max')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={props.onPick} data-airlock={props.onAmount ? 'swap-from-token' : 'swap-to-token'} aria-label={t('trade.Swap.tokenButton', { label: props.label, token: token ? token.symbol : t('trade.Swap.selectToken') })}>
          {token ? (
            <>
              <TokenIcon url={token.logoUri} symbol={token.symbol} /> {token.symbol}
            </>
          ) : (
            t('trade.Swap.selectToken')
          )}
        </button>
      </span>
    </div>
  )
}

/** Held tokens first, then the suggested ones (SPEC 9), then the rest of the service's list; search by symbol, name or address. */
function TokenPicker({ tokens, balances, side, onPick, onCancel }: { tokens: readonly SwapToken[]; balances: Map<string, string>; side: 'from' | 'to'; onPick: (token: SwapToken) => void; onCancel: () => void }) {
  const t = useT()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const matches = tokens.filter((token) => needle === '' || token.symbol.toLowerCase().includes(needle) || token.name.toLowerCase().includes(needle) || token.address.toLowerCase().includes(needle))
  const yours = matches.filter((token) => Number(balances.get(token.symbol) ?? 0) > 0)
  const suggested = matches.filter((token) => !yours.includes(token) && SUGGESTED_SWAP_SYMBOLS.includes(token.symbol))
  const others = matches.filter((token) => !yours.includes(token) && !suggested.includes(token))
  const row = (token: SwapToken) => (
    <li key={token.address}>
      <button type="button" className="row" onClick={() => onPick(token)} data-airlock="swap-token-option">
        <TokenIcon url={token.logoUri} symbol={token.symbol} />
        <span className="row-name">
          {token.symbol} <span className="muted">{token.name}</span>
        </span>
        {balances.has(token.symbol) ? <span className="muted">{groupDecimal(truncateDecimal(balances.get(token.symbol)!, 4), t.locale)}</span> : null}
      </button>
    </li>
  )
  return (
    <div className="stack" data-airlock="swap-token-picker">
      <input className="search" type="search" autoFocus placeholder={t('trade.Swap.searchTokens')} aria-label={side === 'from' ? t('trade.Swap.searchPay') : t('trade.Swap.searchReceive')} value={query} onChange={(event) => setQuery(event.target.value)} />
      {yours.length > 0 ? <p className="muted" style={{ margin: 0 }}>{t('trade.Swap.yourTokens')}</p> : null}
      {yours.length > 0 ? <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>{yours.map(row)}</ul> : null}
      {suggested.length > 0 ? <p className="muted" style={{ margin: 0 }}>{t('trade.Swap.suggested')}</p> : null}
      {suggested.length > 0 ? <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>{suggested.map(row)}</ul> : null}
      {others.length > 0 ? <p className="muted" style={{ margin: 0 }}>{t('trade.Swap.popular')}</p> : null}
      {others.length > 0 ? <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>{others.map(row)}</ul> : null}
      {matches.length === 0 ? <p className="muted" role="status">{t('trade.Swap.noMatch', { query })}</p> : null}
      <button type="button" className="button" onClick={onCancel}>
        {t('trade.Swap.cancel')}
      </button>
    </div>
  )
}

function Preview({ swap, nativeSymbol, nativeDecimals, prices, error, onEdit, onConfirm }: { swap: SwapState; nativeSymbol: string; nativeDecimals: number; prices: Map<string, number>; error: string | null; onEdit: () => void; onConfirm: () => void }) {
  const t = useT()
  const quote = swap.quote.value!
  const from = swap.from!
  const to = swap.to!
  const pay = Number(formatUnits(BigInt(quote.fromAmount), from.decimals))
  const get = Number(formatUnits(BigInt(quote.toAmount), to.decimals))
  const approval = needsApproval(swap)
  const fee = (SWAP_GAS + (approval ? APPROVE_GAS : 0n)) * BigInt(quote.gasPrice)
  const minimum = (BigInt(quote.toAmount) * BigInt(100 - SWAP_SLIPPAGE)) / 100n
  const [priceFrom, priceTo] = [prices.get(from.symbol), prices.get(to.symbol)]
  // Price impact: how much less the output is worth than the input, at the data service's prices.
  const impact = priceFrom && priceTo && pay > 0 ? Math.max(0, 1 - (get * priceTo) / (pay * priceFrom)) : null
  const stale = swap.quote.status !== 'ready'
  const feeAmount = groupDecimal(shortDecimal(formatUnits(fee, nativeDecimals), 6), t.locale)
  return (
    <div className="stack" data-airlock="swap-preview">
      <dl className="stack" style={{ margin: 0, color: stale ? 'var(--airlock-foreground-muted)' : undefined }}>
        <DetailRow label={t('trade.Swap.youPay')} value={`${amountText(quote.fromAmount, from, t.locale)} ${from.symbol}`} />
        <DetailRow label={t('trade.Swap.youReceive')} value={`${amountText(quote.toAmount, to, t.locale)} ${to.symbol}`} id="swap-receive-preview" />
        <DetailRow label={t('trade.Swap.rate')} value={`1 ${from.symbol} = ${groupDecimal(shortDecimal(String(pay > 0 ? get / pay : 0), 6), t.locale)} ${to.symbol}`} />
        <DetailRow label={t('trade.Swap.priceImpact')} value={impact === null ? t('trade.Swap.unknown') : t('trade.Swap.percent', { percent: groupDecimal((impact * 100).toFixed(2), t.locale) })} />
        <DetailRow label={t('trade.Swap.networkFee')} value={t(approval ? 'trade.Swap.feeValueWithApproval' : 'trade.Swap.feeValue', { amount: feeAmount, symbol: nativeSymbol })} />
        <DetailRow label={t('trade.Swap.minimumReceived')} value={t('trade.Swap.minimumReceivedValue', { amount: amountText(minimum.toString(), to, t.locale), symbol: to.symbol, slippage: SWAP_SLIPPAGE })} />
      </dl>
      <p className="muted" role="status" aria-live="polite" data-airlock="swap-quote-status" style={{ margin: 0 }}>
        {swap.quote.status === 'stale' || swap.quote.status === 'loading' ? t('trade.Swap.quoteExpired') : swap.quote.status === 'failed' ? t('trade.Swap.quoteFailed') : t('trade.Swap.quoteRefreshes', { seconds: QUOTE_REFRESH_SECONDS })}
      </p>
      {error ? (
        <p className="error" role="alert" data-airlock="swap-error">
          {error}
        </p>
      ) : null}
      <button type="button" className="button" data-airlock="swap-confirm" disabled={stale} onClick={onConfirm}>
        {approval ? t('trade.Swap.approveAndSwap', { symbol: from.symbol }) : t('trade.Swap.swap')}
      </button>
      <button type="button" className="button" onClick={onEdit}>
        {t('trade.Swap.edit')}
      </button>
    </div>
  )
}

/** A base-unit amount of `token` as the views show it (at most 6 decimals, grouped for `locale`). */
function amountText(units: string, token: SwapToken, locale: string): string {
  return groupDecimal(shortDecimal(formatUnits(BigInt(units), token.decimals), 6), locale)
}

/** The typed amount in base units, or null when it is not a valid amount of the token. */
function amountUnits(amount: string, token: SwapToken): bigint | null {
  if (!/^\d+(\.\d+)?$/.test(amount) || (amount.split('.')[1]?.length ?? 0) > token.decimals) return null
  return parseUnits(amount, token.decimals)
}

/** Held amounts by symbol, as decimal strings. */
function balancesBySymbol(held: readonly TokenBalance[] | undefined): Map<string, string> {
  return new Map((held ?? []).map((t) => [t.symbol, t.quantity.numeric]))
}

/** USD prices by symbol from the data service's balances (0: unpriced, left out). */
function pricesBySymbol(held: readonly TokenBalance[] | undefined): Map<string, number> {
  return new Map((held ?? []).filter((t) => t.price > 0).map((t) => [t.symbol, t.price]))
}
