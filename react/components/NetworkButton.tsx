import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { useNetwork } from '../hooks/useNetwork.js'
import { themeStyle } from '../theme/themeStyle.js'
import { buttonStyle, truncateStyle, type ButtonSize } from './buttonStyle.js'

/**
 * The active network's name; opens the Networks view (or UnsupportedChain when the wallet is elsewhere).
 * @example <NetworkButton />
 */
export function NetworkButton({ size = 'md' }: { size?: ButtonSize }) {
  const airlock = useAirlockInstance()
  const { caipNetwork } = useNetwork()
  const unsupported = useAirlockSelector((state) => state.connection.unsupportedCaipNetworkId !== null)
  const variables = useAirlockSelector((state) => state.theme.variables)
  return (
    <button
      type="button"
      data-airlock="network-button"
      aria-haspopup="dialog"
      aria-label={unsupported ? 'Unsupported network, switch network' : `Network: ${caipNetwork.name}`}
      style={{ ...buttonStyle(size, 'neutral'), ...themeStyle(variables) }}
      onClick={() => airlock.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      <span style={truncateStyle}>{unsupported ? 'Switch network' : caipNetwork.name}</span>
    </button>
  )
}
