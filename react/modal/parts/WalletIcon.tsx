import { isDataImage } from '../../hooks/useWalletInfo.js'

/**
 * A wallet's icon: only a `data:image/` URI, in an `<img>` (never markup we
 * inject); anything else becomes the first letter of the name, as text. `decorative` inside a
 * control that already says the name (a wallet row), so a screen reader does not read it twice.
 */
export function WalletIcon({ name, icon, size, decorative }: { name: string; icon?: string | undefined; size?: 'lg'; decorative?: boolean }) {
  if (isDataImage(icon)) return <img className="wallet-icon" data-size={size} src={icon} alt={decorative ? '' : name} />
  return (
    <span className="wallet-icon" data-size={size} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  )
}
