import { lazy, Suspense, useMemo, useState } from 'react'
import type { Airlock } from 'airlock-kit'
import {
  ConnectButton,
  NetworkButton,
  useAccount,
  useAirlock,
  useAirlockEvents,
  useBalance,
  useDisconnect,
  useNetwork,
  useAirlockSelector,
  useProvider,
  useSiwx,
  useTheme,
  useWalletInfo,
} from 'airlock-kit/react'
import type { DevnetPageConfig } from './config.js'
import { sendRequest, signMessageRequest, signTypedDataRequest } from './requests.js'
import { SolanaActions } from './SolanaActions.js'
import { BitcoinActions } from './BitcoinActions.js'
import { Result, useRequest } from './useRequest.js'

const EVENT_LOG_LENGTH = 20

// The devtools panel is its own entry, fetched only when asked for: never in the demo's first load.
const Devtools = lazy(() => import('airlock-kit/devtools').then((m) => ({ default: m.AirlockDevtools })))

/** Polls for a receipt (anvil mines at once; a real chain takes longer), at most ~6 s. */
async function waitForReceipt(provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }, hash: unknown): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      if (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) return
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

export function App({ airlock, config, devWallet }: { airlock: Airlock; config: DevnetPageConfig; devWallet: boolean }) {
  return (
    <>
      <header className="bar">
        <h1>
          Airlock <span>demo dapp</span>
        </h1>
        <nav aria-label="Wallet">
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main>
        <AccountPanel />
        <ActionsPanel airlock={airlock} config={config} />
        <EventLogPanel airlock={airlock} />
        <HelpPanel config={config} devWallet={devWallet} />
      </main>
    </>
  )
}

function AccountPanel() {
  const { address, status } = useAccount()
  const { caipNetwork, caipNetworkId, unsupportedCaipNetworkId } = useNetwork()
  const { formatted, symbol, loading, failed } = useBalance()
  const { walletInfo } = useWalletInfo()
  const balance = !address ? '—' : loading && !formatted ? 'loading…' : failed && !formatted ? 'unavailable' : formatted ? `${formatted} ${symbol}` : '—'
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status" data-status={status}>
          {status}
        </dd>
        <dt>Address</dt>
        <dd data-testid="address" className="mono">
          {address ?? '—'}
        </dd>
        <dt>Wallet</dt>
        <dd data-testid="wallet">{walletInfo?.name ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="chain" data-unsupported={unsupportedCaipNetworkId ? '' : undefined}>
          {unsupportedCaipNetworkId ? 'Unsupported network' : caipNetwork.name} <span className="mono muted">{unsupportedCaipNetworkId ?? caipNetworkId}</span>
        </dd>
        <dt>Balance</dt>
        <dd data-testid="balance">{balance}</dd>
        <SignInRow />
      </dl>
    </section>
  )
}

/** Sign-in with the wallet: on with `?siwx=required` or `?siwx=optional` in the URL. */
function SignInRow() {
  const enabled = useAirlockSelector((state) => state.options.siwxEnabled)
  const { status, isSignedIn, required, signOut } = useSiwx()
  return (
    <>
      <dt>Sign-in</dt>
      <dd data-testid="siwx" data-status={enabled ? status : 'off'}>
        {enabled ? `${status}${required ? ' (required)' : ' (optional)'}` : 'off'}
        {isSignedIn ? (
          <button type="button" className="secondary small" data-testid="siwx-sign-out" onClick={signOut}>
            Sign out
          </button>
        ) : null}
      </dd>
    </>
  )
}

function ActionsPanel({ airlock, config }: { airlock: Airlock; config: DevnetPageConfig }) {
  const { address, caipAddress, isConnected } = useAccount()
  const { chainId } = useNetwork()
  const provider = useProvider('eip155')
  const { disconnect } = useDisconnect()
  const [signed, runSign] = useRequest()
  const [typed, runTyped] = useRequest()
  const [sent, runSend] = useRequest()
  const ready = isConnected && provider !== undefined && address !== undefined

  const need = () => {
    if (!provider || !address) throw new Error('Connect a wallet first.')
    return { provider, address }
  }
  const signMessage = () =>
    runSign(async () => {
      const { provider, address } = need()
      return provider.request(signMessageRequest(address, location.host, Math.random().toString(36).slice(2, 10)).request)
    })
  const signTyped = () =>
    runTyped(async () => {
      const { provider, address } = need()
      const current = Number(await provider.request({ method: 'eth_chainId' }))
      return provider.request(signTypedDataRequest(address, Number.isSafeInteger(current) ? current : Number(chainId)))
    })
  const send = () =>
    runSend(async () => {
      const { provider, address } = need()
      const hash = await provider.request(sendRequest(address, config.recipient))
      // Once mined, the balance changed: ask for a fresh one instead of waiting for the cache to expire.
      void waitForReceipt(provider, hash).then(() => {
        if (caipAddress) airlock.dispatch({ type: 'balance/fetchRequested', caipAddress, force: true })
      })
      return hash
    })

  return (
    <section className="card" aria-labelledby="actions-title">
      <h2 id="actions-title">Try it</h2>
      {!isConnected ? <p className="muted">Connect a wallet to sign and send.</p> : null}
      <div className="action">
        <button type="button" data-testid="sign-message" onClick={signMessage} disabled={!ready}>
          Sign message
        </button>
        <Result outcome={signed} testid="sign-message-result" />
      </div>
      <div className="action">
        <button type="button" data-testid="sign-typed-data" onClick={signTyped} disabled={!ready}>
          Sign typed data
        </button>
        <Result outcome={typed} testid="sign-typed-data-result" />
      </div>
      <div className="action">
        <button type="button" data-testid="send-transaction" onClick={send} disabled={!ready}>
          Send 0.01 ETH
        </button>
        <span className="muted small">
          to <span className="mono">{config.recipient}</span>
        </span>
        <Result outcome={sent} testid="send-transaction-result" />
      </div>
      <SolanaActions config={config} />
      <BitcoinActions />
      <div className="action">
        <button type="button" data-testid="disconnect" className="secondary" onClick={() => disconnect()} disabled={!isConnected}>
          Disconnect
        </button>
      </div>
    </section>
  )
}

function EventLogPanel({ airlock }: { airlock: Airlock }) {
  // The hook re-renders on every action; the log itself is read so that actions
  // dispatched in one tick (which React batches into one render) are all listed.
  const latest = useAirlockEvents()
  const [devtools, setDevtools] = useState(false)
  const entries = useMemo(() => airlock.log.entries().slice(-EVENT_LOG_LENGTH).reverse(), [airlock, latest])
  const exportLog = () => {
    const blob = new Blob([airlock.log.export()], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = `airlock-log-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1_000)
  }
  return (
    <section className="card wide" aria-labelledby="log-title">
      <div className="card-head">
        <h2 id="log-title">Event log</h2>
        <button type="button" className="secondary" data-testid="export-log" onClick={exportLog}>
          Export log
        </button>
        <button type="button" className="secondary" data-testid="open-devtools" aria-pressed={devtools} onClick={() => setDevtools((shown) => !shown)}>
          Devtools
        </button>
      </div>
      <p className="muted small">
        The last {EVENT_LOG_LENGTH} actions, newest first. The export replays to the same state (see examples/replay); open it in the{' '}
        <a href="/devtools/" target="_blank" rel="noopener" data-testid="log-viewer-link">log viewer</a> to scrub through it.
      </p>
      {devtools ? (
        <Suspense fallback={<p className="muted small" role="status">Loading the devtools…</p>}>
          <Devtools airlock={airlock} defaultOpen />
        </Suspense>
      ) : null}
      <ol data-testid="event-log" className="log">
        {entries.map((entry) => (
          <li key={entry.seq}>
            <span className="muted mono">#{entry.seq}</span> <span className="mono">{entry.action.type}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function HelpPanel({ config, devWallet }: { config: DevnetPageConfig; devWallet: boolean }) {
  return (
    <section className="card wide help" aria-labelledby="help-title">
      <h2 id="help-title">Local dev stack</h2>
      <ul>
        {config.chains.map((chain) => (
          <li key={chain.chainId}>
            {chain.name} ({chain.chainId}): <span className="mono">{chain.rpcUrl}</span>
          </li>
        ))}
        <li>
          Gateway: <span className="mono">{config.gatewayUrl}</span>
        </li>
        <li>
          {devWallet ? (
            <>
              <strong>Airlock Dev Wallet</strong> (bottom-left) holds <span className="mono">{config.devAccount}</span>. Approve or reject each request in
              its panel. It knows chain 31337; 31338 must be added first. <a href="?devWallet=0">Turn it off</a>.
            </>
          ) : (
            <>
              The dev wallet is off. <a href="?">Turn it on</a>.
            </>
          )}
        </li>
        {config.relayUrl ? (
          <li>
            WalletConnect relay: <span className="mono">{config.relayUrl}</span>. To pair a second “phone”, choose <strong>WalletConnect</strong>, press{' '}
            <strong>Copy link</strong> and paste it in the{' '}
            <a href="/mobile-wallet/" target="_blank" rel="noopener" data-testid="mobile-wallet-link">
              dev mobile wallet (opens in a new tab)
            </a>
            .
          </li>
        ) : null}
        <li>
          A connect page without the modal, built only with the headless hooks:{' '}
          <a href="/headless/" data-testid="headless-link">
            headless example
          </a>
          .
        </li>
        <li>
          <ThemeSwitcher />
        </li>
        <li>
          <LocaleSwitcher />
        </li>
        <li>
          Sign in with the wallet: <a href="?siwx=required">required</a>, <a href="?siwx=optional">optional</a>, <a href="?siwx=server">on the reference back end</a>, <a href="?">off</a>.
        </li>
      </ul>
    </section>
  )
}

/** The modal's language, switched at run time through `useAirlock().setLocale` (its catalogue loads on demand). */
function LocaleSwitcher() {
  const { setLocale } = useAirlock()
  const locale = useAirlockSelector((state) => state.theme.catalogue ?? 'en')
  return (
    <label>
      Modal language:{' '}
      <select data-testid="locale-switcher" defaultValue={locale} onChange={(event) => setLocale(event.target.value)}>
        <option value="en">English</option>
        <option value="es">Español</option>
        <option value="zh">简体中文</option>
        <option value="ja">日本語</option>
        <option value="ar">العربية</option>
      </select>
    </label>
  )
}

/** The modal's theme, switched at run time through `useTheme()` (`system` follows the device). */
function ThemeSwitcher() {
  const { themeMode, setThemeMode } = useTheme()
  return (
    <label>
      Modal theme:{' '}
      <select data-testid="theme-switcher" value={themeMode ?? 'system'} onChange={(event) => setThemeMode(event.target.value as 'light' | 'dark' | 'system')}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  )
}
