/** Lists, paging and display limits of SPEC section 9. */

export const WALLETS_PAGE_SIZE = 40
export const RECOMMENDED_WALLETS_COUNT = 4
export const FEATURED_WALLETS_COUNT = 4
export const WALLET_SEARCH_RESULTS = 100
export const RECENT_WALLETS_MAX = 2
export const MAX_PENDING_TRANSACTIONS = 99

export const SWAP_SLIPPAGE_TOLERANCE = 1

export const MODAL_WIDTH_PX = 360
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const
export const FRAME_Z_INDEX = 999999

export const ADDRESS_HEAD_CHARS = 4
export const ADDRESS_TAIL_CHARS = 6
export const TRANSACTION_QUANTITY_DECIMALS = 3
export const TOKEN_BALANCE_DECIMALS = 2

export const DEFAULT_CAIP_NETWORK_ID = 'eip155:1'
/** SPEC 9 "Default log level error". */
export const DEFAULT_LOG_LEVEL = 'error'
/** The id of Airlock's client in remote-config and telemetry queries (`st`). */
export const SDK_TYPE = 'airlock'
export const SDK_VERSION = 'airlock-0.1.0'
