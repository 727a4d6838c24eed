import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { encodeFunctionData, erc20Abi, formatUnits, isAddress, parseUnits, type Address, type Hex } from 'viem'
import { estimateGas, getGasPrice } from 'viem/actions'
import { chainIdToCoinType } from '../../../core/chains/coinType.js'
import { rpcClient } from '../../../core/chains/evm/getNativeBalance.js'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { truncateDecimal } from '../../../core/format/truncateDecimal.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import { resolveName } from '../../../core/portfolio/resolveName.js'
import { serviceParams } from '../../../core/portfolio/serviceParams.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import type { SendTransaction, TokenBalance } from '../../../core/portfolio/types.js'
import { isSolanaAddress } from '../../../core/chains/addressPatterns.js'
import { selectActiveNetwork } from '../../../core/slices/network/selectors.js'
import type { Network } from '../../../core/chains/types.js'
import { en, type MessageKey } from '../../../core/i18n/en.js'
import type { MessageValues } from '../../../core/i18n/formatMessage.js'
import { shortAddress } from '../../components/shortAddress.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
import { DetailRow } from '../parts/DetailRow.js'
import { TransactionDone } from '../parts/TransactionDone.js'
import { useT } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** SPEC 5 validation messages; their English is SPEC 5's, verbatim (SEND_ERRORS). */
const SEND_ERROR_KEYS = {
  required: 'trade.Send.errorRequired',
  token: 'trade.Send.errorToken',
  chain: 'trade.Send.errorChain',
} as const satisfies Record<string, MessageKey>

/** SPEC 5 validation strings, verbatim: the English of SEND_ERROR_KEYS. */
export const SEND_ERRORS = {
  required: en[SEND_ERROR_KEYS.required],
  token: en[SEND_ERROR_KEYS.token],
  chain: en[SEND_ERROR_KEYS.chain],
} as const

/** What the form says is wrong: one of the catalogue's messages, or a text core or a wallet wrote (shown through `t.core`). */
type Problem = { readonly key: MessageKey; readonly values?: MessageValues } | { readonly core: string }

/** What the preview shows and the wallet is asked to sign. */
interface Draft {
  readonly token: TokenBalance
  readonly amount: string
  readonly units: bigint
  readonly receiver: string
  readonly to: string
  readonly tx: SendTransaction
  /** The network fee: a plain decimal (grouped where shown) and its currency. */
  readonly fee: { readonly amount: string; readonly symbol: string } | null
}

/**
 * Send (SPEC 5): token (the native currency and the tokens held: ERC-20 or SPL), amount with Max,
 * receiver (an address, or on EVM a name); a preview with the network fee; then the wallet signs through its connector
 * (a browser wallet, WalletConnect, or the embedded wallet's own approval in its frame). The form
 * starts over when the account or network changes. Loaded on demand.
 */
export function Send() {
  const key = useAirlockSelector(activeAccountKey)
  if (!key) return <NotConnected />
  return <SendFlow key={key} accountKey={key} />
}

function SendFlow({ accountKey }: { accountKey: string }) {
  const airlock = useAirlockInstance()
  const t = useT()
  const network = useAirlockSelector(selectActiveNetwork)
  const native = useAirlockSelector((state) => state.balances.native[accountKey as `${string}:${string}:${string}`])
  const held = useAirlockSelector((state) => selectPortfolio(state).tokens[accountKey]?.data)
  const address = accountKey.split(':')[2]!
  useEffect(() => {
    airlock.dispatch({ type: 'portfolio/fetchRequested', resource: 'tokens', key: accountKey })
    // A send of another account or network is not this form's: start over.
    const last = airlock.getState().portfolio?.send.summary
    if (last && `${last.chain}:${last.from}` !== accountKey) airlock.dispatch({ type: 'send/reset' })
  }, [airlock, accountKey])

  const tokens = useMemo(() => sendableTokens(network, held, native), [network, held, native])
  const [tokenId, setTokenId] = useState('')
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [error, setError] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const [draft, setDraft] = useState<Draft | null>(null)
  const send = useAirlockSelector((state) => selectPortfolio(state).send)
  // A failed send shows its reason on the form it came from.
  const problem: Problem | null = error ?? (send.status === 'failed' && send.error?.message ? { core: send.error.message } : null)
  const shown = problem === null ? null : 'core' in problem ? t.core(problem.core) : t(problem.key, problem.values)
  const token = tokens.find((item) => tokenIdOf(item) === tokenId) ?? (tokenId === '' ? tokens[0] : undefined)

  const review = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    if (send.status === 'failed') airlock.dispatch({ type: 'send/reset' })
    const family = network.chainNamespace
    if (family !== 'eip155' && family !== 'solana') return setError({ key: SEND_ERROR_KEYS.chain })
    if (!token) return setError({ key: SEND_ERROR_KEYS.token })
    const wanted = amount.trim()
    const to = receiver.trim()
    if (wanted === '' || to === '') return setError({ key: SEND_ERROR_KEYS.required })
    const decimals = Number(token.quantity.decimals)
    if (!/^\d+(\.\d+)?$/.test(wanted) || (wanted.split('.')[1]?.length ?? 0) > decimals) return setError({ key: 'trade.Send.errorDecimals', values: { decimals } })
    const units = parseUnits(wanted, decimals)
    if (units === 0n) return setError({ key: 'trade.Send.errorZero' })
    if (units > parseUnits(balanceOf(token), decimals)) return setError({ key: 'trade.Send.insufficientBalance' })
    setBusy(true)
    try {
      if (family === 'solana') {
        // Names are EVM only (SPEC).
        if (!isSolanaAddress(to)) return setError({ key: 'trade.Send.errorSolanaAddress' })
        const mint = token.address?.split(':')[2]
        const tx: SendTransaction = mint ? { namespace: 'solana', from: address, to, mint, amount: units.toString(), decimals } : { namespace: 'solana', from: address, to, lamports: units.toString() }
        const { solanaTransfer } = await import('../../../core/portfolio/solanaTransfer.js')
        const { namespace: _namespace, ...send } = tx
        // The fee includes the rent of the receiver's token account when the send creates it.
        const { fee } = await solanaTransfer({ network, send }).catch(() => ({ fee: null }))
        setDraft({ token, amount: wanted, units, receiver: to, to, tx, fee: fee === null ? null : { amount: formatUnits(fee, 9), symbol: 'SOL' } })
        return
      }
      const receiverAddress = isAddress(to, { strict: false })
        ? (to as Address)
        : ((await resolveName(airlock.deps.http.blockchain, to, chainIdToCoinType(Number(network.id)), serviceParams(airlock.getState()))) as Address)
      const tokenAddress = token.address?.split(':')[2] as Address | undefined
      const tx = tokenAddress
        ? { namespace: 'eip155' as const, from: address, to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiverAddress, units] }) }
        : { namespace: 'eip155' as const, from: address, to: receiverAddress, value: `0x${units.toString(16)}` as Hex }
      const fee = await networkFee(network, tx).catch(() => null)
      setDraft({ token, amount: wanted, units, receiver: to, to: receiverAddress, tx, fee })
    } catch (cause) {
      setError({ core: cause instanceof Error ? cause.message : String(cause) })
    } finally {
      setBusy(false)
    }
  }

  const confirm = () => {
    if (!draft) return
    const { token: sent } = draft
    // The flow continues in the store (core/portfolio/portfolioEpics.ts sendEpic): the embedded
    // wallet's approval view replaces this one while it waits, and this state would be gone.
    airlock.dispatch({
      type: 'send/requested',
      transaction: draft.tx,
      summary: { amount: draft.amount, symbol: sent.symbol, name: sent.name, iconUrl: sent.iconUrl, receiver: draft.receiver, to: draft.to, chain: network.caipNetworkId, from: address },
    })
  }

  if (send.status === 'sending') {
    return (
      <div className="center" data-airlock="send-sending">
        <Spinner label={t('trade.Send.waitingForWallet')} size="lg" />
        <p className="muted">{t('trade.Send.confirmInWallet', { amount: send.summary?.amount ?? '', symbol: send.summary?.symbol ?? '' })}</p>
      </div>
    )
  }

  if (send.status === 'sent' && send.hash) {
    return (
      <TransactionDone
        kind="send"
        hash={send.hash}
        network={network}
        onDone={() => {
          airlock.dispatch({ type: 'send/reset' })
          airlock.dispatch({ type: 'router/backRequested' })
        }}
      >
        {t('trade.Send.sent', { amount: send.summary?.amount ?? '', symbol: send.summary?.symbol ?? '' })}
      </TransactionDone>
    )
  }

  if (draft) {
    return (
      <div className="stack" data-airlock="send-preview">
        <dl className="stack" style={{ margin: 0 }}>
          <DetailRow label={t('trade.Send.sendLabel')} value={`${draft.amount} ${draft.token.symbol}`} />
          <DetailRow label={t('trade.Send.to')} value={draft.receiver === draft.to ? shortAddress(draft.to) : `${draft.receiver} (${shortAddress(draft.to)})`} />
          <DetailRow label={t('trade.Send.network')} value={network.name} />
          <DetailRow label={t('trade.Send.networkFee')} value={draft.fee ? `${groupDecimal(draft.fee.amount, t.locale)} ${draft.fee.symbol}` : t('trade.Send.unknown')} />
        </dl>
        {shown ? (
          <p className="error" role="alert">
            {shown}
          </p>
        ) : null}
        <button type="button" className="button" data-airlock="send-confirm" onClick={confirm}>
          {t('trade.Send.confirm')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setDraft(null)}>
          {t('trade.Send.edit')}
        </button>
      </div>
    )
  }

  return (
    <form className="stack" data-airlock="send-form" onSubmit={(event) => void review(event)} noValidate>
      <label className="stack">
        <span className="muted">{t('trade.Send.token')}</span>
        <select className="search" value={token ? tokenIdOf(token) : ''} onChange={(event) => setTokenId(event.target.value)} data-airlock="send-token">
          {tokens.length === 0 ? <option value="">{t('trade.Send.noToken')}</option> : null}
          {tokens.map((item) => (
            <option key={tokenIdOf(item)} value={tokenIdOf(item)}>
              {item.symbol} · {groupDecimal(truncateDecimal(item.quantity.numeric, 3), t.locale)}
            </option>
          ))}
        </select>
      </label>
      <label className="stack">
        <span className="muted">{t('trade.Send.amount')}</span>
        <span style={{ display: 'flex', gap: 8 }}>
          <input className="search" inputMode="decimal" autoComplete="off" placeholder="0.0" value={amount} onChange={(event) => setAmount(event.target.value)} data-airlock="send-amount" style={{ flex: 1 }} />
          <button type="button" className="button" disabled={!token} onClick={() => token && setAmount(balanceOf(token))}>
            {t('trade.Send.max')}
          </button>
        </span>
      </label>
      <label className="stack">
        <span className="muted">{t('trade.Send.to')}</span>
        <input className="search" autoComplete="off" spellCheck={false} placeholder={network.chainNamespace === 'solana' ? t('trade.Send.solanaPlaceholder') : t('trade.Send.evmPlaceholder')} value={receiver} onChange={(event) => setReceiver(event.target.value)} data-airlock="send-receiver" />
      </label>
      {shown ? (
        <p className="error" role="alert" data-airlock="send-error">
          {shown}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy} data-airlock="send-review">
        {busy ? <Spinner label={t('trade.Send.preparing')} /> : t('trade.Send.preview')}
      </button>
    </form>
  )
}

const tokenIdOf = (token: TokenBalance): string => token.address ?? 'native'

/** The balance as an amount the form accepts: at most the token's decimals (cut, never rounded up), no trailing zeros. */
function balanceOf(token: TokenBalance): string {
  const cut = truncateDecimal(token.quantity.numeric, Number(token.quantity.decimals))
  return cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut
}

/** The native currency (from the native balance when the token list lacks it) and every token held (ERC-20 or SPL). */
function sendableTokens(network: Network, held: readonly TokenBalance[] | undefined, native: { value: string; decimals: number } | undefined): TokenBalance[] {
  const list = (held ?? []).filter((t) => t.chainId === network.caipNetworkId && Number(t.quantity.numeric) > 0)
  if (list.some((t) => !t.address) || !native) return list
  const { name, symbol, decimals } = network.nativeCurrency
  return [{ name, symbol, chainId: network.caipNetworkId, value: 0, price: 0, quantity: { decimals: String(decimals), numeric: formatUnits(BigInt(native.value), native.decimals) }, iconUrl: '' }, ...list]
}

/** The fee the preview shows: `eth_estimateGas` × `eth_gasPrice` from the network's RPC, in its native currency (cut to 6 decimals). */
async function networkFee(network: Network, tx: { from: string; to: string; value?: Hex; data?: Hex }): Promise<{ amount: string; symbol: string }> {
  const client = rpcClient(network)
  const [gas, price] = await Promise.all([estimateGas(client, { account: tx.from as Address, to: tx.to as Address, ...(tx.value ? { value: BigInt(tx.value) } : {}), ...(tx.data ? { data: tx.data } : {}) }), getGasPrice(client)])
  return { amount: truncateDecimal(formatUnits(gas * price, network.nativeCurrency.decimals), 6), symbol: network.nativeCurrency.symbol }
}
