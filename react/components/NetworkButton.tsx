import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { useNetwork } from '../hooks/useNetwork.js'
import { themeStyle } from '../theme/themeStyle.js'
import { buttonText } from '../i18n/buttonText.js'
import { buttonStyle, truncateStyle, type ButtonSize } from './buttonStyle.js'

/**
 * The active network's name; opens the Networks view (or UnsupportedChain when the wallet is elsewhere).
 * With `enableNetworkSwitch: false` it is a disabled button that only names the network.
 * @example <NetworkButton />
 */
export function NetworkButton({ size = 'md' }: { size?: ButtonSize }) {
  const airlock = useAirlockInstance()
  const { caipNetwork } = useNetwork()
  const unsupported = useAirlockSelector((state) => state.connection.unsupportedCaipNetworkId !== null)
  // `enableNetworkSwitch: false`: it only names the network (a wallet elsewhere still gets its way back).
  const locked = useAirlockSelector((state) => !state.options.enableNetworkSwitch)
  const { variables, catalogue } = useAirlockSelector((state) => state.theme)
  return (
    <button
      type="button"
      data-airlock="network-button"
      aria-haspopup="dialog"
      disabled={locked && !unsupported}
      aria-label={unsupported ? buttonText(catalogue, 'button.unsupported', 'Unsupported network, switch network') : buttonText(catalogue, 'button.network', 'Network: {network}', caipNetwork.name)}
      style={{ ...buttonStyle(size, 'neutral'), ...themeStyle(variables) }}
      onClick={() => airlock.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      <span style={truncateStyle}>{unsupported ? buttonText(catalogue, 'button.switch', 'Switch network') : caipNetwork.name}</span>
    </button>
  )
}
