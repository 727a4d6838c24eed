import { avatarBackground } from './avatarBackground.js'
import { shortAddress } from './shortAddress.js'
import { useAirlockInstance } from '../context.js'
import { useAccount } from '../hooks/useAccount.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { useBalance } from '../hooks/useBalance.js'
import { themeStyle } from '../theme/themeStyle.js'
import { buttonStyle, truncateStyle, type ButtonSize } from './buttonStyle.js'

/**
 * The connected account: avatar (its identity image, else its gradient), name or address (4 + 6 characters) and native balance; opens the Account view.
 * @example <AccountButton size="sm" />
 */
export function AccountButton({ size = 'md', balance = true }: { size?: ButtonSize; balance?: boolean }) {
  const airlock = useAirlockInstance()
  const { address } = useAccount()
  const { formatted, symbol } = useBalance()
  const { variables, catalogue } = useAirlockSelector((state) => state.theme)
  // The account's name once its identity is known (issue 14); the slice arrives after the first paint.
  // The map, indexed here: a selector closing over `address` could answer for the previous account.
  const identities = useAirlockSelector((state) => state.portfolio?.identity)
  const identity = address ? identities?.[address.toLowerCase()]?.data : null
  if (!address) return null
  const dot = size === 'sm' ? 16 : 20
  // The identity schema kept only images on the data service's origin (an https or local URL).
  // `formatted` is exact with 3 decimals (cut, SPEC 5); as a string Intl formats that very decimal, grouped.
  const avatar = { width: dot, height: dot, flex: 'none', borderRadius: '50%', background: avatarBackground(address) }
  return (
    <button
      type="button"
      data-airlock="account-button"
      aria-haspopup="dialog"
      title={address}
      style={{ ...buttonStyle(size, 'neutral'), ...themeStyle(variables) }}
      onClick={() => airlock.open({ view: 'Account' })}
    >
      {balance && formatted !== undefined ? <span data-airlock="balance">{`${new Intl.NumberFormat(catalogue, { minimumFractionDigits: 3 }).format(formatted as unknown as number)} ${symbol}`}</span> : null}
      {identity?.avatar ? <img src={identity.avatar} alt="" style={avatar} /> : <span aria-hidden="true" style={avatar} />}
      <span style={truncateStyle} data-airlock="account-name">{identity?.name ?? shortAddress(address)}</span>
    </button>
  )
}
