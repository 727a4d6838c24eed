import type { ReactNode } from 'react'
import type { SocialProvider } from '../../../core/options/features.js'

/** The login providers with a drawn mark: SPEC 5's socials plus Telegram. */
export type BrandName = SocialProvider | 'telegram'

/**
 * Small marks drawn for Airlock (24 × 24, no remote images): the brand's own colours, or
 * `currentColor` for the black-and-white brands (X, Apple, GitHub) so they read on light and dark.
 * Only the modal and the lazier login views import this module: never the button or the provider.
 */
const BRAND_MARKS: Record<BrandName | 'walletconnect', ReactNode> = {
  google: (
    <g fill="none" strokeWidth={3.6}>
      <path d="M12 12h8A8 8 0 0 1 17.66 17.66" stroke="#4285f4" />
      <path d="M17.66 17.66A8 8 0 0 1 6.34 17.66" stroke="#34a853" />
      <path d="M6.34 17.66A8 8 0 0 1 5.45 7.41" stroke="#fbbc05" />
      <path d="M5.45 7.41A8 8 0 0 1 17.66 6.34" stroke="#ea4335" />
    </g>
  ),
  x: (
    <g fill="currentColor">
      <path d="M4 4h4.7l11.3 16h-4.7z" />
      <path d="M18.2 4h1.9l-6.6 7.5-1-1.4zM10.6 13.9l1 1.4L5.9 20H4z" />
    </g>
  ),
  discord: (
    <>
      <rect width="24" height="24" rx="7" fill="#5865f2" />
      <path
        fill="#fff"
        d="M8.3 7.2c1.1-.5 2.1-.7 2.6-.7l.3.6a12 12 0 0 1 1.6 0l.3-.6c.5 0 1.5.2 2.6.7 1.8 2.6 2.6 5.2 2.4 8.3a11 11 0 0 1-3.3 1.7l-.7-1.1 1.6-.8-.3-.2a8.6 8.6 0 0 1-6.8 0l-.3.2 1.6.8-.7 1.1a11 11 0 0 1-3.3-1.7c-.2-3.1.6-5.7 2.4-8.3z"
      />
      <ellipse cx="9.9" cy="12.5" rx="1.2" ry="1.35" fill="#5865f2" />
      <ellipse cx="14.1" cy="12.5" rx="1.2" ry="1.35" fill="#5865f2" />
    </>
  ),
  apple: (
    <g fill="currentColor">
      <path d="M15.1 3c.1 1.1-.3 2.2-1 3-.7.8-1.7 1.3-2.7 1.2-.1-1.1.4-2.2 1-2.9.8-.8 1.8-1.3 2.7-1.3z" />
      <path d="M18.9 16.8c-.4 1-.7 1.5-1.2 2.3-.8 1.2-1.9 2.7-3.3 2.7-1.2 0-1.6-.8-3.2-.8s-2.1.8-3.3.8c-1.4 0-2.4-1.4-3.2-2.6C3.5 16 3.2 12 4.6 9.8c1-1.5 2.5-2.4 4-2.4s2.4.9 3.6.9c1.2 0 2-.9 3.7-.9 1.3 0 2.7.7 3.7 1.9-3.2 1.8-2.7 6.4.3 7.5z" />
    </g>
  ),
  github: (
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm-2 18.7v-2.9c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.6.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9v2.8z"
    />
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="10" fill="#0866ff" />
      <path fill="#fff" d="M13.3 21.9v-7.2h2.5l.4-2.9h-2.9V10c0-.8.3-1.4 1.5-1.4h1.5V6c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.1H8v2.9h2.4v7.1z" />
    </>
  ),
  farcaster: (
    <>
      <rect width="24" height="24" rx="7" fill="#855dcd" />
      <path fill="#fff" d="M7.2 6h9.6v2h1.4l-.5 1.6h-.5v7.2h.5V18H14v-1.2h.5v-4.4a2.5 2.5 0 0 0-5 0v4.4h.5V18H6.3v-1.2h.5V9.6h-.5L5.8 8h1.4z" />
    </>
  ),
  telegram: (
    <>
      <circle cx="12" cy="12" r="10" fill="#26a5e4" />
      <path fill="#fff" d="M6.2 11.7l10.2-4c.5-.2.9.1.7.9l-1.7 8.1c-.1.6-.5.7-1 .4l-2.7-2-1.3 1.3c-.2.2-.3.2-.6.2l.2-2.8 5-4.5c.2-.2 0-.3-.3-.1l-6.2 3.9-2.6-.8c-.6-.2-.6-.6.1-.9z" />
    </>
  ),
  walletconnect: (
    <>
      <rect width="24" height="24" rx="7" fill="#3396ff" />
      <g fill="none" stroke="#fff" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round">
        <path d="M7 10.4a7.2 7.2 0 0 1 10 0" />
        <path d="M4.6 12.7l3.1 3 4.3-4.2 4.3 4.2 3.1-3" />
      </g>
    </>
  ),
}

/** A mark as a decorative SVG (the control around it carries the name). */
export function Mark({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg className="mark" data-mark={name} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

/** A social login provider's mark. @example <SocialMark provider="google" /> */
export function SocialMark({ provider }: { provider: BrandName }) {
  return <Mark name={provider}>{BRAND_MARKS[provider]}</Mark>
}

/** The WalletConnect mark. @example <WalletConnectMark /> */
export function WalletConnectMark() {
  return <Mark name="walletconnect">{BRAND_MARKS.walletconnect}</Mark>
}
