import { useState } from 'react'
import type { ConnectMethod } from '../../../core/options/features.js'
import type { Airlock } from '../../../core/createAirlock.js'
import { selectConnectMethodsOrder } from '../../../core/slices/connectors/selectors.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { WalletConnectMark } from '../marks/BrandMark.js'
import { GridIcon } from '../parts/icons.js'
import { NoWallets } from '../parts/NoWallets.js'
import { LazyEmbeddedLogin } from '../parts/LazyEmbeddedLogin.js'
import { legalLinks, LegalNotice } from '../parts/LegalNotice.js'
import { sameWallets, selectRegistryEnabled, selectShowWalletConnect, withoutListed } from '../parts/registryEntries.js'
import { RegistryWalletRow } from '../parts/RegistryWalletRow.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
import { formatWalletCount, sameEntries, selectConnectWallets } from '../parts/walletEntries.js'
import { WalletRow } from '../parts/WalletRow.js'
import { useT } from '../../i18n/useT.js'

/** How many wallets the Connect view lists before "All Wallets". */
export const CONNECT_LIST_MAX = 5
/** Recommended wallets fill the list up to this many rows (featured ones always show). */
export const CONNECT_ROWS_MAX = 8

const sameMethods = (a: ConnectMethod[], b: ConnectMethod[]) => a.length === b.length && a.every((m, i) => m === b[i])

/** Instances whose person ticked the legal checkbox: it stays ticked for the page's life, as the modal reopens. */
const agreedOn = new WeakSet<Airlock>()

/**
 * The first view: connect methods in `selectConnectMethodsOrder` (SPEC 2): the wallet list, and
 * the email and social sections as a lazy part; then the wallet guide and the site's terms. With
 * the legal checkbox on, every connect method sits in a disabled fieldset (the browser disables
 * each button and input in it, and says so to screen readers) until the checkbox is ticked.
 */
export function Connect() {
  const airlock = useAirlockInstance()
  const t = useT()
  const methods = useAirlockSelector(selectConnectMethodsOrder, sameMethods)
  // The URLs as given, checked in render: a check in the selector would parse them on every action.
  const options = useAirlockSelector((s) => s.options)
  const links = legalLinks(options)
  const checkbox = useAirlockSelector((s) => s.options.features.legalCheckbox) && (links.terms !== null || links.privacy !== null)
  const guide = useAirlockSelector((s) => s.options.enableWalletGuide && s.options.features.allWallets)
  const [agreed, setAgreed] = useState(() => agreedOn.has(airlock))
  if (methods.length === 0) {
    return <p className="muted">{t('connect.Connect.noMethods')}</p>
  }
  const agree = (checked: boolean) => {
    if (checked) agreedOn.add(airlock)
    else agreedOn.delete(airlock)
    setAgreed(checked)
  }
  return (
    <div className="stack">
      {checkbox ? <LegalNotice links={links} checkbox={{ checked: agreed, onChange: agree }} /> : null}
      <fieldset className="stack methods" disabled={checkbox && !agreed} data-airlock="connect-methods">
        {methods.map((method) => (method === 'wallet' ? <WalletSection key={method} /> : <LazyEmbeddedLogin key={method} method={method} />))}
        {guide && methods.includes('wallet') ? (
          <p className="muted guide" data-airlock="wallet-guide">
            {t('connect.Connect.noWallet')}{' '}
            <button type="button" className="link" onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'AllWallets' })}>
              {t('connect.Connect.getStarted')}
            </button>
          </p>
        ) : null}
      </fieldset>
      {checkbox ? null : <LegalNotice links={links} checkbox={null} />}
    </div>
  )
}

/**
 * SPEC 2 connector order: WalletConnect, recent, installed, featured, then recommended from the
 * registry (each wallet once: a registry entry with an installed wallet's rdns is left out), then
 * "All Wallets" with the registry's count.
 */
function WalletSection() {
  const airlock = useAirlockInstance()
  const t = useT()
  const entries = useAirlockSelector(selectConnectWallets, sameEntries)
  const showWalletConnect = useAirlockSelector(selectShowWalletConnect)
  const registryOn = useAirlockSelector(selectRegistryEnabled)
  const allWallets = useAirlockSelector((s) => s.options.features.allWallets)
  const featured = useAirlockSelector((s) => s.registry.featured, sameWallets)
  const recommended = useAirlockSelector((s) => s.registry.recommended, sameWallets)
  const count = useAirlockSelector((s) => s.registry.count)
  // SPEC 9: the featured rows appear once their images are preloaded, or after 2 s at most (both
  // states end by an epic's action, so the skeleton cannot stay).
  const waiting = useAirlockSelector((s) => selectRegistryEnabled(s) && (s.registry.status === 'loading' || (s.registry.status === 'loaded' && !s.registry.imagesReady)))

  const listed = entries.slice(0, CONNECT_LIST_MAX)
  const connectors = entries.map((e) => e.connector)
  const shownFeatured = registryOn ? withoutListed(featured, connectors) : []
  const room = Math.max(0, CONNECT_ROWS_MAX - listed.length - shownFeatured.length)
  const shownRecommended = registryOn ? withoutListed(recommended, connectors).filter((w) => !shownFeatured.some((f) => f.id === w.id)).slice(0, room) : []
  const total = count ?? entries.length

  if (entries.length === 0 && !showWalletConnect && !registryOn) return <NoWallets />
  return (
    <>
      <ul className="list" aria-label={t('connect.Connect.walletsLabel')}>
        {showWalletConnect ? (
          <li>
            <button type="button" className="row" aria-label={t('connect.Connect.walletConnectLabel')} onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingWalletConnect' })}>
              <span className="wallet-icon" aria-hidden="true">
                <WalletConnectMark />
              </span>
              <span className="row-name">{t('connect.Connect.walletConnect')}</span> <span className="tag">{t('connect.Connect.qrCodeTag')}</span>
            </button>
          </li>
        ) : null}
        {listed.map((entry) => (
          <WalletRow key={entry.connector.id} entry={entry} />
        ))}
        {waiting
          ? null
          : [...shownFeatured, ...shownRecommended].map((wallet) => <RegistryWalletRow key={wallet.id} wallet={wallet} />)}
      </ul>
      {waiting ? <SkeletonRows count={2} /> : null}
      {allWallets ? (
        <button type="button" className="row" onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'AllWallets' })}>
          <span className="wallet-icon" aria-hidden="true">
            <GridIcon />
          </span>
          <span className="row-name">{t('title.AllWallets')}</span>
          <span className="tag">{formatWalletCount(total, t.locale)}</span>
        </button>
      ) : null}
    </>
  )
}
