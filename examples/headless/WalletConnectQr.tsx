import { useEffect, useMemo, useState } from 'react'
import { encode } from 'uqr'
import { useWalletConnectUri } from 'airlock-kit/react'

/** The pairing URI as our own QR code, the link to copy, and the seconds left before the hook replaces it. */
export function WalletConnectQr() {
  const { enabled, uri, expiresAt, status, error, refresh } = useWalletConnectUri()
  const left = useSecondsLeft(expiresAt)
  if (!enabled) return <p className="small muted">WalletConnect is off for this app.</p>
  if (status === 'failed') {
    return (
      <p className="small error" role="alert" data-testid="wc-error">
        {error?.message ?? 'Pairing failed'}{' '}
        <button type="button" className="secondary small" onClick={refresh}>
          Try again
        </button>
      </p>
    )
  }
  if (status === 'connected') return <p className="small">Paired.</p>
  if (!uri) return <p className="small muted" data-testid="wc-waiting">Preparing the pairing…</p>
  return (
    <div className="qr">
      <Qr value={uri} />
      <label className="small muted">
        Pairing link
        <input readOnly className="mono" data-testid="wc-uri" value={uri} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <p className="small muted" data-testid="wc-expiry" data-expires-at={expiresAt}>
        {left === null ? '' : `Expires in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} (a fresh code replaces it 10 s before)`}
      </p>
    </div>
  )
}

function useSecondsLeft(expiresAt: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return expiresAt === undefined ? null : Math.max(0, Math.round((expiresAt - now) / 1_000))
}

function Qr({ value }: { value: string }) {
  const { path, size } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((line, y) => line.forEach((dark, x) => void (dark && (d += `M${x} ${y}h1v1h-1z`))))
    return { path: d, size: data.length }
  }, [value])
  return (
    <svg role="img" aria-label="WalletConnect QR code" data-testid="wc-qr" width={220} height={220} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
