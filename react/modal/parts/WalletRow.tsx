import { useAirlockInstance } from '../../context.js'
import { requestConnect } from './requestConnect.js'
import type { WalletEntry } from './walletEntries.js'
import { WalletIcon } from './WalletIcon.js'

/** One wallet in a list: icon, name (truncated), tag; a click starts connecting. */
export function WalletRow({ entry }: { entry: WalletEntry }) {
  const airlock = useAirlockInstance()
  const { connector, tag } = entry
  return (
    <li>
      <button type="button" className="row" aria-label={tag ? `${connector.name} (${tag})` : connector.name} onClick={() => requestConnect(airlock, connector)}>
        <WalletIcon name={connector.name} icon={connector.icon} />
        <span className="row-name">{connector.name}</span>
        {tag ? <span className="tag">{tag}</span> : null}
      </button>
    </li>
  )
}
