import type { ReactNode } from 'react'
import { isSafeOpenUrl } from '../../../core/chains/isSafeOpenUrl.js'
import type { Network } from '../../../core/chains/types.js'
import { useT } from '../../i18n/useT.js'

export interface TransactionDoneProps {
  /** Names the parts for tests: `{kind}-success`, `{kind}-hash`, `{kind}-done`. */
  readonly kind: string
  /** What happened, said to screen readers too ("Sent 1 ETH"). */
  readonly children: ReactNode
  readonly hash: string
  readonly network: Network
  readonly onDone: () => void
}

/**
 * A sent transaction: what it did, its hash, a link to the network's explorer (only an https one,
 * or http on localhost), and Done. Send's and Swap's last step.
 * @example <TransactionDone kind="send" hash={hash} network={network} onDone={back}>Sent 1 ETH</TransactionDone>
 */
export function TransactionDone({ kind, children, hash, network, onDone }: TransactionDoneProps) {
  const t = useT()
  const explorer = network.blockExplorers?.default.url
  const url = explorer ? `${explorer.replace(/\/+$/, '')}/tx/${hash}` : null
  return (
    <div className="stack" data-airlock={`${kind}-success`}>
      <p className="lead" role="status">
        {children}
      </p>
      <p className="mono" style={{ overflowWrap: 'anywhere', margin: 0 }} data-airlock={`${kind}-hash`}>
        {hash}
      </p>
      {url && isSafeOpenUrl(url, { allowLocalhostHttp: true }) ? (
        <a className="button" href={url} target="_blank" rel="noopener noreferrer">
          {t('trade.TransactionDone.viewInExplorer')}
        </a>
      ) : null}
      <button type="button" className="button" data-airlock={`${kind}-done`} onClick={onDone}>
        {t('trade.TransactionDone.done')}
      </button>
    </div>
  )
}
