import type { WalletFeature } from '../../../core/options/features.js'
import { isSafeOpenUrl } from '../../../core/chains/isSafeOpenUrl.js'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { avatarBackground } from '../../components/avatarBackground.js'
import { NetworkMark } from '../marks/NetworkMark.js'
import { formatUsd } from '../tabs/formatUsd.js'
import { shortAddress } from '../../components/shortAddress.js'
import { useAirlockInstance } from '../../context.js'
import { useDisconnectAndClose } from '../parts/useDisconnectAndClose.js'
import { useCopyAddress } from '../parts/useCopyAddress.js'
import { NotConnected } from '../parts/NotConnected.js'
import { selectWalletFeatures } from '../parts/walletFeatures.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useBalance } from '../../hooks/useBalance.js'
import { useNetwork } from '../../hooks/useNetwork.js'
import { useWalletInfo } from '../../hooks/useWalletInfo.js'
import { CopyIcon, ExitIcon, QrIcon } from '../parts/icons.js'
import { LazyAccountEmbeddedInfo } from '../parts/LazyAccountEmbeddedInfo.js'
import { RelayStatus } from '../parts/RelayStatus.js'
import { AccountTabs } from '../parts/AccountTabs.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { activeAccountKey } from '../../../core/portfolio/activeAccountKey.js'
import type { MessageKey } from '../../../core/i18n/en.js'
import { useT } from '../../i18n/useT.js'

export { COPIED_MESSAGE, COPY_FAILED_MESSAGE } from '../parts/useCopyAddress.js'

/**
 * The connected account (SPEC 2): avatar and name (or address) with copy, native balance and total
 * USD value, the wallet features (Receive, Send), the Tokens / NFTs / Activity tabs, a name to
 * register, network, disconnect.
 */
export function Account() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { address, caipAddress } = useAccount()
  const { formatted, symbol, loading, failed } = useBalance()
  const { caipNetwork, unsupportedCaipNetworkId } = useNetwork()
  const { walletInfo } = useWalletInfo()
  const disconnectAndClose = useDisconnectAndClose()
  const copy = useCopyAddress()
  const features = useAirlockSelector(selectWalletFeatures, shallowEqual)
  // The map, indexed here: a selector closing over `address` could answer for the previous account.
  const identities = useAirlockSelector((state) => selectPortfolio(state).identity)
  const identity = address ? identities[address.toLowerCase()]?.data : undefined
  const totalUsd = useAirlockSelector((state) => {
    const key = activeAccountKey(state)
    const tokens = key ? selectPortfolio(state).tokens[key]?.data : undefined
    return tokens && tokens.some((token) => token.price > 0) ? tokens.reduce((sum, token) => sum + token.value, 0) : null
  })
  const switchable = useAirlockSelector((state) => state.options.enableNetworkSwitch)
  const canName = useAirlockSelector((state) => state.options.projectId !== null && caipAddress?.startsWith('eip155:') === true)

  if (!address || !caipAddress) {
    return <NotConnected />
  }

  // The wallet left the app's networks: naming the last one would say the wallet is still there.
  const networkRow = unsupportedCaipNetworkId
    ? { name: t('account.Account.unsupportedNetwork'), label: t('account.Account.unsupportedNetwork'), view: 'UnsupportedChain' as const }
    : { name: t('button.network', { network: caipNetwork.name }), label: caipNetwork.name, view: 'Networks' as const }
  // Checked at the edge (same origin as the data service); again here, as every image we show.
  const avatar = identity?.avatar && isSafeOpenUrl(identity.avatar, { allowLocalhostHttp: true }) ? identity.avatar : null

  return (
    <div className="stack">
      <div className="center">
        {avatar ? (
          <img className="avatar" data-airlock="avatar" src={avatar} alt="" />
        ) : (
          <span className="avatar" data-airlock="avatar" aria-hidden="true" style={{ background: avatarBackground(address) }} />
        )}
        <p className="address">
          <span title={address} data-airlock="address">
            {identity?.name ?? shortAddress(address)}
          </span>
          <button type="button" className="icon-button" aria-label={t('account.Account.copyAddress')} onClick={() => void copy(address)}>
            <CopyIcon />
          </button>
        </p>
        <p className="muted" data-airlock="balance" aria-busy={loading || undefined}>
          {loading
            ? t('account.Account.loadingBalance')
            : formatted !== undefined
              ? `${groupDecimal(formatted, t.locale)} ${symbol}`
              : failed || unsupportedCaipNetworkId
                ? t('account.Account.balanceUnavailable')
                : `– ${symbol}`}
        </p>
        {totalUsd !== null ? (
          <p className="muted" data-airlock="total-usd">
            {t('account.Account.total', { amount: formatUsd(totalUsd, t.locale) })}
          </p>
        ) : null}
        {walletInfo ? (
          <p className="muted" data-airlock="connected-with">
            {walletInfo.via ? t('account.Account.connectedWithVia', { wallet: walletInfo.name, via: walletInfo.via }) : t('account.Account.connectedWith', { wallet: walletInfo.name })}
          </p>
        ) : null}
        <RelayStatus />
      </div>
      <LazyAccountEmbeddedInfo />
      {features.length > 0 ? (
        <div className="stack" role="group" aria-label={t('account.Account.walletFeatures')} data-airlock="wallet-features">
          {features.map((feature) => (
            <button key={feature.id} type="button" className="row" data-feature={feature.id} onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: feature.view })}>
              <span className="badge" aria-hidden="true">
                {feature.id === 'receive' ? <QrIcon /> : FEATURE_GLYPHS[feature.id]}
              </span>
              <span className="row-name">{t(FEATURE_LABELS[feature.id])}</span>
            </button>
          ))}
        </div>
      ) : null}
      <AccountTabs />
      {canName && !identity?.name ? (
        <button type="button" className="row" data-airlock="choose-name" onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'RegisterAccountName' })}>
          <span className="badge" aria-hidden="true">
            @
          </span>
          <span className="row-name">{t('account.Account.chooseName')}</span>
        </button>
      ) : null}
      {switchable || unsupportedCaipNetworkId ? (
        <button type="button" className="row" data-airlock="network" aria-label={t('account.Account.switchNetworkLabel', { network: networkRow.name })} onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: networkRow.view })}>
          {unsupportedCaipNetworkId ? (
            <span className="badge" aria-hidden="true">
              !
            </span>
          ) : (
            <NetworkMark network={caipNetwork} />
          )}
          <span className="row-name">{networkRow.label}</span>
          <span className="tag">{t('account.Account.switch')}</span>
        </button>
      ) : (
        // `enableNetworkSwitch: false`: the network is shown, not offered to change.
        <div className="row static" data-airlock="network" role="group" aria-label={networkRow.name}>
          <NetworkMark network={caipNetwork} />
          <span className="row-name">{networkRow.label}</span>
        </div>
      )}
      <button
        type="button"
        className="row"
        data-danger=""
        onClick={disconnectAndClose}
      >
        <span className="badge" aria-hidden="true">
          <ExitIcon />
        </span>
        <span className="row-name">{t('account.Account.disconnect')}</span>
      </button>
    </div>
  )
}

/** The text glyph of each wallet feature without an icon of its own: buy adds, swap exchanges, send goes out. */
const FEATURE_GLYPHS: Record<WalletFeature, string> = { onramp: '+', swaps: '⇄', receive: '', send: '↑' }

/** Each wallet feature's name in the catalogue, by feature (the entry's English `label` is not shown). */
const FEATURE_LABELS: Record<WalletFeature, MessageKey> = {
  onramp: 'account.Account.featureBuy',
  swaps: 'account.Account.featureSwap',
  receive: 'account.Account.featureReceive',
  send: 'account.Account.featureSend',
}
