/** Views that later releases fill in (send, swaps, WalletConnect QR...). */
export function Unavailable() {
  return (
    <div className="center">
      <p className="muted">This screen is not available in this version yet.</p>
    </div>
  )
}
