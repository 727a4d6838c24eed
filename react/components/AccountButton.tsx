import { avatarColorFromAddress } from '../../core/chains/format.js'
import { shortAddress } from './shortAddress.js'
import { useAirlockInstance } from '../context.js'
import { useAccount } from '../hooks/useAccount.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { useBalance } from '../hooks/useBalance.js'
import { themeStyle } from '../theme/themeStyle.js'
import { buttonStyle, truncateStyle, type ButtonSize } from './buttonStyle.js'

/**
 * The connected account: avatar colour, name or address (4 + 6 characters) and native balance; opens the Account view.
 * @example <AccountButton size="sm" />
 */
export function AccountButton({ size = 'md', balance = true }: { size?: ButtonSize; balance?: boolean }) {
  const airlock = useAirlockInstance()
  const { address } = useAccount()
  const { formatted, symbol } = useBalance()
  const variables = useAirlockSelector((state) => state.theme.variables)
  // The account's name once its identity is known (issue 14); the slice arrives after the first paint.
  // The map, indexed here: a selector closing over `address` could answer for the previous account.
  const identities = useAirlockSelector((state) => state.portfolio?.identity)
  const name = address ? identities?.[address.toLowerCase()]?.data?.name : null
  if (!address) return null
  const dot = size === 'sm' ? 16 : 20
  return (
    <button
      type="button"
      data-airlock="account-button"
      aria-haspopup="dialog"
      title={address}
      style={{ ...buttonStyle(size, 'neutral'), ...themeStyle(variables) }}
      onClick={() => airlock.open({ view: 'Account' })}
    >
      {balance && formatted !== undefined ? <span data-airlock="balance">{`${formatted} ${symbol}`}</span> : null}
      <span aria-hidden="true" style={{ width: dot, height: dot, flex: 'none', borderRadius: '50%', background: avatarColorFromAddress(address) }} />
      <span style={truncateStyle} data-airlock="account-name">{name ?? shortAddress(address)}</span>
    </button>
  )
}
