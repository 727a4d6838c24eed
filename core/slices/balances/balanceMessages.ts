/** SPEC 8: the toast for a failed balance or an unsupported network (views read it without the epic's rxjs). */
export const BALANCE_UNAVAILABLE_MESSAGE = 'Token Balance Unavailable'
