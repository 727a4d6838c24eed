import { useEffect, useRef, useState } from 'react'
import type { AirlockState } from '../../../core/state.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { isLoopbackOrigin, walletDeepLinks, type WalletLinks } from '../parts/deepLinks.js'
import { CopyIcon } from '../parts/icons.js'
import { QrCode } from '../parts/QrCode.js'
import { RelayStatus } from '../parts/RelayStatus.js'
import { Spinner } from '../parts/Spinner.js'
import { startPairing } from '../parts/startPairing.js'
import { WalletIcon } from '../parts/WalletIcon.js'
import { en } from '../../../core/i18n/en.js'
import { useT, type Translate } from '../../i18n/useT.js'
// One shared start-up chunk with the page (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * While the SDK keeps its data in memory (issue 21, fault 6e): the connection will not survive a
 * reload. The catalogue's keys; the English texts are `STORAGE_IN_MEMORY_MESSAGES`.
 */
const STORAGE_IN_MEMORY_KEYS = {
  full: 'connect.ConnectingWalletConnect.storageFull',
  unavailable: 'connect.ConnectingWalletConnect.storageUnavailable',
} as const
/** The English of those notes (tests compare with them). */
export const STORAGE_IN_MEMORY_MESSAGES = {
  full: en[STORAGE_IN_MEMORY_KEYS.full],
  unavailable: en[STORAGE_IN_MEMORY_KEYS.unavailable],
} as const

/** A registry wallet as the view uses it: outside data that came through `router.data`, checked. */
export interface PairingWallet extends WalletLinks {
  readonly id: string
  readonly name: string
}

/**
 * `router.data.wallet` when it has the shape of a registry wallet (id and name strings of sane
 * length); anything else is treated as no wallet chosen.
 * @example pairingWallet({ wallet: { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:' } })
 */
export function pairingWallet(data: AirlockState['router']['data']): PairingWallet | undefined {
  const wallet = data?.['wallet']
  if (wallet === null || typeof wallet !== 'object') return undefined
  const { id, name, mobile_link, desktop_link, webapp_link } = wallet as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return undefined
  if (typeof name !== 'string' || name.trim().length === 0) return undefined
  return { id, name: name.trim().slice(0, 64), mobile_link, desktop_link, webapp_link }
}

/** SPEC 2 ConnectingWalletConnect: QR code, copy link and the chosen wallet's deep links. */
export function ConnectingWalletConnect() {
  return <WalletConnectPairing basic={false} />
}

/**
 * The pairing screen. `basic` (ConnectingWalletConnectBasic, or no wallet chosen) shows the QR
 * code and copy link only; otherwise the chosen wallet's app and web links are offered too (on
 * mobile the app link is the main action). Waiting, failed with "Try again", and a fresh QR code
 * when the old one expires, without the person doing anything.
 */
export function WalletConnectPairing({ basic }: { basic: boolean }) {
  const airlock = useAirlockInstance()
  const t = useT()
  const data = useAirlockSelector((state) => state.router.data)
  const wallet = basic ? undefined : pairingWallet(data)
  const { status, uriRef, error, isMobile, dev, storage } = useAirlockSelector(
    (state) => ({
      status: state.walletConnect.status,
      storage: state.walletConnect.storage,
      uriRef: state.walletConnect.uriRef,
      error: state.walletConnect.error,
      isMobile: state.app.environment.isMobile,
      dev: isLoopbackOrigin(state.app.environment.origin),
    }),
    shallowEqual,
  )
  // The URI holds the pairing's key: it lives in `deps.secrets`, never in state or the log.
  const uri = airlock.deps.secrets.get(uriRef) ?? null
  const walletId = wallet?.id
  // StrictMode runs this effect twice on one mount: the ref keeps it to one pairing even before
  // the WalletConnect slice (a late one, core/lateSliceKeys.ts) can show the pairing as started.
  const started = useRef<string | null>(null)
  useEffect(() => {
    if (started.current === (walletId ?? '')) return
    started.current = walletId ?? ''
    startPairing(airlock, pairingWallet(airlock.getState().router.data))
  }, [airlock, walletId])

  const toast = (variant: 'success' | 'error', message: string) =>
    airlock.dispatch({ type: 'notifications/showRequested', notification: { id: airlock.deps.id(), variant, message } })
  // The link last copied: once a fresh code replaces it, the person is told to copy again.
  const [copied, setCopied] = useState<string | null>(null)
  const copy = async (value: string) => {
    try {
      await globalThis.navigator.clipboard.writeText(value)
      setCopied(value)
      toast('success', t('connect.ConnectingWalletConnect.linkCopied'))
    } catch {
      toast('error', t('connect.ConnectingWalletConnect.linkCopyFailed'))
    }
  }
  const links = wallet && uri ? walletDeepLinks(wallet, uri, { isMobile, dev }) : []
  const name = wallet?.name ?? t('connect.ConnectingWalletConnect.yourWallet')

  if (status === 'failed') {
    return (
      <div className="center" data-airlock="walletconnect-error">
        {wallet ? <WalletIcon name={wallet.name} size="lg" /> : null}
        <p className="lead">{t('connect.Connecting.failed')}</p>
        <p className="error" role="alert">
          {t.core(error?.message ?? 'Something went wrong')}
        </p>
        <button type="button" className="button" onClick={() => startPairing(airlock, wallet)}>
          {t('connect.Connecting.tryAgain')}
        </button>
      </div>
    )
  }
  if (status === 'connected') return <p className="lead center">{t('connect.Connecting.connected')}</p>

  return (
    <div className="stack center" data-airlock="walletconnect">
      {links[0]?.kind === 'mobile' ? <LinkButton link={links[0]} name={name} t={t} primary /> : null}
      <div data-airlock="walletconnect-qr" data-uri={uri ?? undefined} aria-busy={uri ? undefined : true} style={{ display: 'grid', placeItems: 'center', minHeight: 256 }}>
        {uri ? <QrCode value={uri} label={t('connect.ConnectingWalletConnect.qrLabel', { name })} /> : <Spinner label={t('connect.ConnectingWalletConnect.preparingQr')} size="lg" />}
      </div>
      <p className="muted">{wallet ? t('connect.ConnectingWalletConnect.scanWith', { name }) : t('connect.ConnectingWalletConnect.scanWithAny')}</p>
      {storage ? (
        <p className="muted" role="status" data-airlock="walletconnect-storage">
          {t(STORAGE_IN_MEMORY_KEYS[storage])}
        </p>
      ) : null}
      {copied && uri && copied !== uri ? (
        <p className="muted" role="status" data-airlock="walletconnect-refreshed">
          {t('connect.ConnectingWalletConnect.linkRefreshed')}
        </p>
      ) : null}
      <RelayStatus />
      <button type="button" className="button" data-variant="secondary" style={{ whiteSpace: 'nowrap' }} data-uri={uri ?? undefined} disabled={!uri} onClick={() => uri && void copy(uri)}>
        <span aria-hidden="true" style={{ display: 'inline-flex', width: 16, height: 16 }}>
          <CopyIcon />
        </span>
        {t('connect.ConnectingWalletConnect.copyLink')}
      </button>
      {links
        .filter((link) => link.kind !== 'mobile')
        .map((link) => (
          <LinkButton key={link.kind} link={link} name={name} t={t} />
        ))}
    </div>
  )
}

/** A link button's text, and its label naming the wallet (the mobile button's text names it already). */
const LINK_KEYS = {
  desktop: { text: 'connect.ConnectingWalletConnect.openDesktop', label: 'connect.ConnectingWalletConnect.openDesktopOf' },
  web: { text: 'connect.ConnectingWalletConnect.openWeb', label: 'connect.ConnectingWalletConnect.openWebOf' },
} as const

function LinkButton({ link, name, t, primary = false }: { link: ReturnType<typeof walletDeepLinks>[number]; name: string; t: Translate; primary?: boolean }) {
  const open = () => {
    // noopener: the wallet's page gets no handle on this one.
    globalThis.window?.open(link.href, link.target, 'noopener,noreferrer')
  }
  return (
    <button
      type="button"
      className="button"
      data-variant={primary ? undefined : 'secondary'}
      data-link={link.kind}
      aria-label={link.kind === 'mobile' ? undefined : t(LINK_KEYS[link.kind].label, { name })}
      onClick={open}
    >
      {link.kind === 'mobile' ? t('connect.ConnectingWalletConnect.openApp', { name }) : t(LINK_KEYS[link.kind].text)}
    </button>
  )
}
