/** The empty state of the wallet lists. */
export function NoWallets() {
  return (
    <div className="center" data-airlock="no-wallets">
      <p className="lead">No wallet found</p>
      <p className="muted">Install a browser wallet extension (or open this page in your wallet’s browser), then reload the page.</p>
    </div>
  )
}
