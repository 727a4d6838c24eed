/** The longest address an email field takes (RFC 5321 path limit; the frame's schema says the same). */
export const EMAIL_MAX_LENGTH = 254

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * What a person typed in an email field, trimmed, if it looks like an address; else null (the
 * field shows "Invalid email"). A first check in the view: the frame protocol's schema checks again.
 * @example parseEmail(' ada@example.com ') // 'ada@example.com'
 */
export function parseEmail(typed: string): string | null {
  const value = typed.trim()
  return EMAIL.test(value) && value.length <= EMAIL_MAX_LENGTH ? value : null
}
