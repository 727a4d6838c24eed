import type { PopupLike } from '../connectors/auth/authSession.js'

/** The provider window the Buy click opened (popup blockers allow `window.open` only inside the click); never in state. */
const popups = new WeakMap<object, PopupLike | null>()

/**
 * Keeps or takes the provider window of one Airlock instance (keyed by its deps' provider registry).
 * @example onrampPopup(airlock.deps.providers, window.open('about:blank', 'airlock-onramp'))
 */
export function onrampPopup(key: object, popup?: PopupLike | null): PopupLike | null {
  if (popup !== undefined) popups.set(key, popup)
  return popups.get(key) ?? null
}

/** SPEC 9: buying is hidden in these time zones (mainland China, Hong Kong, Macau). */
export const RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Kashgar', 'PRC',
  'Asia/Hong_Kong', 'Hongkong', 'Asia/Macau', 'Asia/Macao',
]

/**
 * Whether the person's time zone is one where buying is not offered.
 * @example onrampRestricted('Asia/Hong_Kong') // true
 */
export function onrampRestricted(timeZone: string | undefined = safeTimeZone()): boolean {
  return timeZone !== undefined && RESTRICTED_TIME_ZONES.includes(timeZone)
}

function safeTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}
