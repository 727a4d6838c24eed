import { useAirlockInstance } from '../../context.js'
import { requestConnect } from './requestConnect.js'
import type { WalletEntry } from './walletEntries.js'
import { WalletIcon } from './WalletIcon.js'
import { useT } from '../../i18n/useT.js'

const TAG_KEYS = { Recent: 'connect.WalletRow.recent', Installed: 'connect.WalletRow.installed' } as const

/** One connector as a button: icon, name (truncated), tag, as a row or (`tile`) a grid tile; a click starts connecting. */
export function WalletButton({ entry, tabIndex, tile }: { entry: WalletEntry; tabIndex?: number; tile?: boolean }) {
  const airlock = useAirlockInstance()
  const t = useT()
  const { connector, also } = entry
  const tag = entry.tag ? t(TAG_KEYS[entry.tag]) : null
  return (
    <button type="button" className={tile ? 'tile' : 'row'} tabIndex={tabIndex} aria-label={tag ? `${connector.name} ${tag}` : connector.name} onClick={() => requestConnect(airlock, connector, also)}>
      <WalletIcon name={connector.name} icon={connector.icon} decorative />
      <span className="row-name">{connector.name}</span>
      {tag ? ' ' : null}
      {tag ? <span className="tag">{tag}</span> : null}
    </button>
  )
}

/** The same, as a list item. */
export function WalletRow({ entry }: { entry: WalletEntry }) {
  return (
    <li>
      <WalletButton entry={entry} />
    </li>
  )
}
