import { useEffect } from 'react'
import { useAirlockInstance } from '../context.js'
import { useAccount } from '../hooks/useAccount.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { preloadModal } from '../modal/ModalPortal.js'
import { themeStyle } from '../theme/themeStyle.js'
import { whenIdle } from '../whenIdle.js'
import { buttonText } from '../i18n/buttonText.js'
import { AccountButton } from './AccountButton.js'
import { buttonStyle, type ButtonSize } from './buttonStyle.js'

export interface ConnectButtonProps {
  /** Default: 'Connect Wallet' in the shown language. */
  label?: string
  /** Shown while a connection (or the reconnect after a reload) is in flight. */
  loadingLabel?: string
  size?: ButtonSize
}

/**
 * Opens the modal; while connecting says so; once connected becomes the AccountButton.
 * @example <ConnectButton label="Sign in" size="sm" />
 */
export function ConnectButton({ label, loadingLabel, size = 'md' }: ConnectButtonProps) {
  const airlock = useAirlockInstance()
  const { status } = useAccount()
  const { variables, catalogue } = useAirlockSelector((state) => state.theme)
  // Fetch the modal once the page is idle, so even a tap with no hover before it opens at once.
  useEffect(() => whenIdle(warmUp), [])
  if (status === 'connected') return <AccountButton size={size} />
  const connecting = status === 'connecting'
  return (
    <button
      type="button"
      data-airlock="connect-button"
      aria-busy={connecting || undefined}
      aria-haspopup="dialog"
      style={{ ...buttonStyle(size, 'accent'), ...themeStyle(variables) }}
      onClick={() => airlock.open()}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      {connecting ? (loadingLabel ?? buttonText(catalogue, 'button.connecting', 'Connecting…')) : (label ?? buttonText(catalogue, 'button.connect', 'Connect Wallet'))}
    </button>
  )
}

/** Starts fetching the modal chunk before the click; a failure is handled where the modal loads. */
function warmUp(): void {
  preloadModal().catch(() => {})
}
