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
// One shared start-up chunk with the page (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

export const LINK_COPIED_MESSAGE = 'Link copied'
export const LINK_COPY_FAILED_MESSAGE = 'Could not copy the link'
/** After the code was refreshed (expiry), a link copied before no longer pairs. */
export const LINK_REFRESHED_MESSAGE = 'The code was refreshed. Copy the link again.'
/** While the SDK keeps its data in memory (issue 21, fault 6e): the connection will not survive a reload. */
export const STORAGE_IN_MEMORY_MESSAGES = {
  full: 'Your browser’s storage is full, so WalletConnect works for this visit only: after a reload you will need to scan a new QR code.',
  unavailable: 'Your browser’s storage can’t be used, so WalletConnect works for this visit only: after a reload you will need to scan a new QR code.',
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
      toast('success', LINK_COPIED_MESSAGE)
    } catch {
      toast('error', LINK_COPY_FAILED_MESSAGE)
    }
  }
  const links = wallet && uri ? walletDeepLinks(wallet, uri, { isMobile, dev }) : []
  const name = wallet?.name ?? 'your wallet'

  if (status === 'failed') {
    return (
      <div className="center" data-airlock="walletconnect-error">
        {wallet ? <WalletIcon name={wallet.name} size="lg" /> : null}
        <p className="lead">Connection failed</p>
        <p className="error" role="alert">
          {error?.message ?? 'Something went wrong'}
        </p>
        <button type="button" className="button" onClick={() => startPairing(airlock, wallet)}>
          Try again
        </button>
      </div>
    )
  }
  if (status === 'connected') return <p className="lead center">Connected</p>

  return (
    <div className="stack center" data-airlock="walletconnect">
      {links[0]?.kind === 'mobile' ? <LinkButton link={links[0]} name={name} primary /> : null}
      <div data-airlock="walletconnect-qr" data-uri={uri ?? undefined} aria-busy={uri ? undefined : true} style={{ display: 'grid', placeItems: 'center', minHeight: 256 }}>
        {uri ? <QrCode value={uri} label={`QR code to connect ${name}. Scan it with your wallet app.`} /> : <Spinner label="Preparing the QR code" size="lg" />}
      </div>
      <p className="muted">Scan this QR code with {name}{wallet ? '' : ' (any WalletConnect wallet)'}.</p>
      {storage ? (
        <p className="muted" role="status" data-airlock="walletconnect-storage">
          {STORAGE_IN_MEMORY_MESSAGES[storage]}
        </p>
      ) : null}
      {copied && uri && copied !== uri ? (
        <p className="muted" role="status" data-airlock="walletconnect-refreshed">
          {LINK_REFRESHED_MESSAGE}
        </p>
      ) : null}
      <RelayStatus />
      <button type="button" className="button" data-variant="secondary" style={{ whiteSpace: 'nowrap' }} data-uri={uri ?? undefined} disabled={!uri} onClick={() => uri && void copy(uri)}>
        <span aria-hidden="true" style={{ display: 'inline-flex', width: 16, height: 16 }}>
          <CopyIcon />
        </span>
        Copy link
      </button>
      {links
        .filter((link) => link.kind !== 'mobile')
        .map((link) => (
          <LinkButton key={link.kind} link={link} name={name} />
        ))}
    </div>
  )
}

const LINK_LABELS = { mobile: 'Open', desktop: 'Open desktop app', web: 'Open web app' } as const

function LinkButton({ link, name, primary = false }: { link: ReturnType<typeof walletDeepLinks>[number]; name: string; primary?: boolean }) {
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
      aria-label={link.kind === 'mobile' ? undefined : `${LINK_LABELS[link.kind]} of ${name}`}
      onClick={open}
    >
      {link.kind === 'mobile' ? `${LINK_LABELS.mobile} ${name}` : LINK_LABELS[link.kind]}
    </button>
  )
}
