import { useMemo } from 'react'
import { encode } from 'uqr'

/** Quiet zone around the code, in modules (the QR standard asks for 4; 2 is enough inside a light card). */
const QUIET = 2

/**
 * A QR code for `value` as one SVG path of square modules, themed with the modal's variables
 * (`--airlock-qr-foreground` on `--airlock-qr-background`, dark on light by default so every
 * scanner reads it). The value is never rendered as markup; `label` names it for screen readers.
 * @example <QrCode value={uri} label="WalletConnect QR code" />
 */
export function QrCode({ value, label, size = 256 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 0 })
    let d = ''
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`
      }),
    )
    return { path: d, modules: data.length + QUIET * 2 }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', borderRadius: 16, background: 'var(--airlock-qr-background, #ffffff)' }}
    >
      <path d={path} fill="var(--airlock-qr-foreground, #141414)" />
    </svg>
  )
}
