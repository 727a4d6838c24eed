import type { AirlockState } from './state.js'

/**
 * Slices whose reducers arrive after the page's first paint, with the features that change them
 * (alerts, toasts, balances and wallet requests, all set by lazily loaded epics; email and social
 * login, the secure frame, WalletConnect, the wallet registry): their code stays
 * out of the page's first JavaScript (issue 12). Until then the store keeps what was dispatched and
 * folds it in when they arrive, so the state is then exactly what replaying the log gives
 * (core/startupReducer.ts). No other slice's reducer reads these.
 */
export const LATE_SLICE_KEYS = ['alerts', 'notifications', 'balances', 'requests', 'auth', 'registry', 'walletConnect', 'frame', 'portfolio'] as const
export type LateSliceKey = (typeof LATE_SLICE_KEYS)[number]
export type LateSlices = Pick<AirlockState, LateSliceKey>
