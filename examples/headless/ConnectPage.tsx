import { useState } from 'react'
import { useAccount, useConnect, useDisconnect, useWalletInfo, useWalletList, type WalletListItem } from 'airlock-kit/react'
import { EmailLogin, SocialLogin } from './EmbeddedLogin.js'
import { WalletConnectQr } from './WalletConnectQr.js'

/** The whole connect UI of this page: the hooks give the data and the actions, the markup is ours. */
export function ConnectPage() {
  return (
    <>
      <header className="bar">
        <h1>
          Airlock <span>headless connect page</span>
        </h1>
        <nav aria-label="Examples">
          <a href="/">Back to the demo dapp</a>
        </nav>
      </header>
      <main>
        <Account />
        <WalletPicker />
        <WalletConnectCard />
        <section className="card" aria-labelledby="email-title">
          <h2 id="email-title">Email or social</h2>
          <EmailLogin />
          <SocialLogin />
        </section>
      </main>
    </>
  )
}

function Account() {
  const { address, status } = useAccount()
  const { walletInfo } = useWalletInfo()
  const { disconnect } = useDisconnect()
  return (
    <section className="card wide" aria-labelledby="account-title">
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
      </dl>
      <div className="action">
        <button type="button" className="secondary" data-testid="disconnect" disabled={status !== 'connected'} onClick={() => disconnect()}>
          Disconnect
        </button>
      </div>
    </section>
  )
}

function WalletPicker() {
  const [search, setSearch] = useState('')
  const { installed, recent, featured, wallets, count, loading, error, hasMore, loadMore, retry } = useWalletList({ search })
  const { connect, status, error: connectError, wallet, reset } = useConnect()
  const row = (item: WalletListItem) => (
    <li key={`${item.kind}:${item.id}`}>
      <button type="button" className="wallet" data-kind={item.kind} disabled={status === 'connecting' && wallet?.id === item.id} onClick={() => connect(item)}>
        {item.kind === 'connector' ? item.icon ? <img src={item.icon} alt="" width={24} height={24} /> : null : item.imageUrl ? <img src={item.imageUrl} alt="" width={24} height={24} loading="lazy" /> : null}
        <span>{item.name}</span>
        {item.kind === 'connector' && item.installed ? <span className="tag">Installed</span> : null}
      </button>
    </li>
  )
  const section = (title: string, id: string, items: readonly WalletListItem[]) =>
    items.length > 0 ? (
      <>
        <h3 id={`${id}-title`}>{title}</h3>
        <ul className="wallets" aria-labelledby={`${id}-title`} data-testid={`${id}-list`}>
          {items.map(row)}
        </ul>
      </>
    ) : null
  return (
    <section className="card" aria-labelledby="wallets-title">
      <h2 id="wallets-title">Wallets</h2>
      <input type="search" className="search" aria-label="Search wallets" data-testid="wallet-search" placeholder="Search wallets" value={search} onChange={(event) => setSearch(event.target.value)} />
      <p className="small muted" role="status" data-testid="connect-status" data-status={status}>
        {status === 'idle' ? 'Pick a wallet.' : status === 'connecting' ? `Waiting for ${wallet?.name}…` : status === 'connected' ? `Connected with ${wallet?.name}.` : `Could not connect: ${connectError?.message ?? 'unknown error'}`}
        {status === 'failed' ? (
          <button type="button" className="secondary small" onClick={reset}>
            OK
          </button>
        ) : null}
      </p>
      {search.trim() === '' ? section('Recent', 'recent', recent) : null}
      {section('Installed', 'installed', installed)}
      {search.trim() === '' ? section('Featured', 'featured', featured) : null}
      {section(search.trim() === '' ? `All wallets (${count})` : `Found in the registry (${count})`, 'registry', wallets)}
      {loading ? <p className="small muted">Loading wallets…</p> : null}
      {error ? (
        <p className="small error" role="alert">
          {error.message}{' '}
          <button type="button" className="secondary small" onClick={retry}>
            Retry
          </button>
        </p>
      ) : null}
      {hasMore && !loading ? (
        <button type="button" className="secondary" data-testid="load-more" onClick={loadMore}>
          Load more
        </button>
      ) : null}
    </section>
  )
}

function WalletConnectCard() {
  const [shown, setShown] = useState(false)
  return (
    <section className="card" aria-labelledby="wc-title">
      <h2 id="wc-title">WalletConnect</h2>
      <p className="small muted">Pair a phone wallet: scan the code, or paste the link in the dev mobile wallet.</p>
      <button type="button" className="secondary" data-testid="wc-toggle" aria-expanded={shown} onClick={() => setShown((on) => !on)}>
        {shown ? 'Hide the QR code' : 'Show a QR code'}
      </button>
      {/* Mounted, the hook pairs; unmounted, it drops the pairing. */}
      {shown ? <WalletConnectQr /> : null}
    </section>
  )
}
