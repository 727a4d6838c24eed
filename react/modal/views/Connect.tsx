import type { ConnectMethod } from '../../../core/options/features.js'
import { selectConnectMethodsOrder } from '../../../core/slices/connectors/selectors.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { GridIcon } from '../parts/icons.js'
import { NoWallets } from '../parts/NoWallets.js'
import { sameEntries, selectConnectWallets } from '../parts/walletEntries.js'
import { WalletRow } from '../parts/WalletRow.js'

/** How many wallets the Connect view lists before "All Wallets". */
export const CONNECT_LIST_MAX = 5

const sameMethods = (a: ConnectMethod[], b: ConnectMethod[]) => a.length === b.length && a.every((m, i) => m === b[i])

/**
 * The first view: connect methods in `selectConnectMethodsOrder`. Only the
 * wallet section exists today; email and social render once their views do.
 */
export function Connect() {
  const methods = useAirlockSelector(selectConnectMethodsOrder, sameMethods)
  const sections = methods.filter((method) => method === 'wallet')
  if (sections.length === 0) {
    return <p className="muted">This app has no way to connect enabled. Ask the site to turn wallets on.</p>
  }
  return (
    <div className="stack">
      <WalletSection />
    </div>
  )
}

function WalletSection() {
  const airlock = useAirlockInstance()
  const entries = useAirlockSelector(selectConnectWallets, sameEntries)
  if (entries.length === 0) return <NoWallets />
  return (
    <>
      <ul className="list" aria-label="Wallets">
        {entries.slice(0, CONNECT_LIST_MAX).map((entry) => (
          <WalletRow key={entry.connector.id} entry={entry} />
        ))}
      </ul>
      <button type="button" className="row" onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'AllWallets' })}>
        <span className="wallet-icon" aria-hidden="true">
          <GridIcon />
        </span>
        <span className="row-name">All Wallets</span>
        <span className="tag">{entries.length}</span>
      </button>
    </>
  )
}
