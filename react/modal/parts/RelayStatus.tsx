import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT } from '../../i18n/useT.js'

/**
 * "Reconnecting…" while the WalletConnect relay socket is down (TESTING.md: a visible
 * reconnecting state). The live region stays mounted, empty when the socket is fine, so screen
 * readers announce the change when it happens.
 */
export function RelayStatus() {
  const t = useT()
  const { status, relay } = useAirlockSelector((state) => state.walletConnect)
  // Nothing to report without a pairing or a session (a browser wallet's Account view).
  if (status !== 'pairing' && status !== 'connected') return null
  const down = relay !== 'online'
  return (
    // Out of the flow while empty (sr-only), so it adds no gap to the view.
    <p className={down ? 'muted' : 'sr-only'} role="status" data-airlock="relay-status" data-state={relay}>
      {down ? (
        <>
          <span className="spinner" aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, marginInlineEnd: 6, verticalAlign: 'middle' }} />
          {relay === 'unreachable' ? t('connect.RelayStatus.unreachable') : t('connect.RelayStatus.reconnecting')}
        </>
      ) : null}
    </p>
  )
}
