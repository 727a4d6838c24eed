/**
 * When the email-login cooldown started, failing closed: a stored time that
 * is garbage or in the future (a tampered value, a clock set back) means the
 * cooldown starts `now`; only an absent value (`undefined`/`null`) means none.
 * Persist the returned start so the cooldown also holds across a reload.
 * @example
 * const start = readCooldownStart(await storage.getItem('walletLastEmailLoginTime'), scheduler.now())
 * const waiting = start !== null && scheduler.now() - start < EMAIL_LOGIN_COOLDOWN_MS
 */
export function readCooldownStart(value: unknown, now: number): number | null {
  if (value === undefined || value === null) return null
  // No separate finiteness check: NaN and -Infinity fail `value >= 0`, and Infinity fails `value <= now` (or is `now`).
  if (
    typeof value === 'number' &&
    value >= 0 &&
    // Stryker disable next-line EqualityOperator: `value < now` is equivalent: at value === now both returns give the same instant
    value <= now
  )
    return value
  return now
}
