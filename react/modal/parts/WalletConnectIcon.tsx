/** The WalletConnect mark, decorative (the row carries the name). */
export const WalletConnectIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
    <path d="M5 10c3.9-3.9 10.1-3.9 14 0M7.5 12.5c2.5-2.5 6.5-2.5 9 0" />
    <path d="M3 14l3 3 3-3 3 3 3-3 3 3 3-3" />
  </svg>
)
