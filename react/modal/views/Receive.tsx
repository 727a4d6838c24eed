import { bitcoinNetworkName } from '../../../core/chains/bitcoin/bitcoinNetworkName.js'
import type { Network } from '../../../core/chains/types.js'
import type { AirlockState } from '../../../core/state.js'
import { useAccount } from '../../hooks/useAccount.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { CopyIcon } from '../parts/icons.js'
import { QrCode } from '../parts/QrCode.js'
import { useCopyAddress } from '../parts/useCopyAddress.js'
import { NotConnected } from '../parts/NotConnected.js'
import { useT } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The listed networks an account's address can receive on: every EVM network for an EVM address,
 * every Solana cluster for a Solana one, the Bitcoin networks of the same address format (testnet
 * and signet share one) for a Bitcoin one, else only its own network.
 * @example selectReceiveNetworks(state, 'eip155:1:0xabc…').map((n) => n.name) // ['Ethereum', 'Base']
 */
export function selectReceiveNetworks(state: AirlockState, caipAddress: string | null): Network[] {
  if (!caipAddress) return []
  const [namespace, reference] = caipAddress.split(':')
  const own = state.options.networks.find((n) => n.caipNetworkId === `${namespace}:${reference}`)
  return state.options.networks.filter((network) => {
    if (network.chainNamespace !== namespace) return false
    if (namespace === 'eip155' || namespace === 'solana') return true
    if (namespace === 'bip122') return own !== undefined && bitcoinNetworkName(network) !== undefined && bitcoinNetworkName(network) === bitcoinNetworkName(own)
    return network === own
  })
}

/**
 * Receive (SPEC 1 "receive", a wallet feature): the connected address as a QR code (the same
 * encoder as WalletConnect's), in full as text with a copy button, and the networks it can
 * receive on. Loaded on demand.
 */
export function Receive() {
  const t = useT()
  const { address, caipAddress } = useAccount()
  const networks = useAirlockSelector((state) => selectReceiveNetworks(state, caipAddress ?? null), shallowArray)
  const copy = useCopyAddress()
  if (!address) {
    return <NotConnected />
  }
  return (
    <div className="stack" data-airlock="receive">
      <div className="center">
        <QrCode value={address} label={t('account.Receive.qrLabel', { address })} size={200} />
        <p className="muted">{t('account.Receive.hint')}</p>
        <p className="mono" data-airlock="receive-address" style={{ overflowWrap: 'anywhere', margin: 0 }}>
          {address}
        </p>
        <button type="button" className="button" onClick={() => void copy(address)}>
          <CopyIcon /> {t('account.Receive.copyAddress')}
        </button>
      </div>
      <p className="muted" id="airlock-receive-networks">
        {t('account.Receive.networksIntro')}
      </p>
      <ul className="stack" aria-labelledby="airlock-receive-networks" data-airlock="receive-networks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="row-name">
            {network.name}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Two network lists are the same when they hold the same networks in the same order. */
function shallowArray(a: readonly Network[], b: readonly Network[]): boolean {
  return shallowEqual(a, b)
}
