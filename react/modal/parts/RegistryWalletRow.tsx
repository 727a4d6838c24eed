import type { RegistryWallet } from '../../../core/registry/types.js'
import { useAirlockInstance } from '../../context.js'
import { selectRegistryWallet } from './selectRegistryWallet.js'
import { WalletImage } from './WalletImage.js'

/** One registry wallet as a button: image, name (as text, truncated), optional tag, as a row or (`tile`) a grid tile. */
export function RegistryWalletButton({ wallet, tag, tabIndex, tile }: { wallet: RegistryWallet; tag?: string | undefined; tabIndex?: number; tile?: boolean }) {
  const airlock = useAirlockInstance()
  return (
    <button type="button" className={tile ? 'tile' : 'row'} tabIndex={tabIndex} aria-label={tag ? `${wallet.name} ${tag}` : wallet.name} onClick={() => selectRegistryWallet(airlock, wallet)}>
      <WalletImage wallet={wallet} />
      <span className="row-name">{wallet.name}</span>
      {tag ? ' ' : null}
      {tag ? <span className="tag">{tag}</span> : null}
    </button>
  )
}

/** The same, as a list item. */
export function RegistryWalletRow({ wallet, tag }: { wallet: RegistryWallet; tag?: string }) {
  return (
    <li>
      <RegistryWalletButton wallet={wallet} tag={tag} />
    </li>
  )
}
