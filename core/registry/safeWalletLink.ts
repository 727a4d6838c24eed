import { isSafeOpenUrl } from '../chains/format.js'

/** Schemes that run code, read local files or leave the wallet flow: never opened, whatever a registry says. */
const BLOCKED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'ftp:', 'ws:', 'wss:', 'chrome:', 'intent:', 'mailto:', 'tel:', 'sms:'])
const MAX_LINK_LENGTH = 2048

/**
 * A registry link if Airlock may open it, else null. `web` links must be https (http on
 * localhost); `app` links (mobile_link, desktop_link) may also be a wallet's own scheme written
 * as `scheme://…`, except the blocked ones.
 * @example safeWalletLink('examplewallet://', 'app') // 'examplewallet://'
 * @example safeWalletLink('javascript:alert(1)', 'app') // null
 */
export function safeWalletLink(value: unknown, kind: 'app' | 'web'): string | null {
  if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH) return null
  if (isSafeOpenUrl(value, { allowLocalhostHttp: true })) return value
  if (kind === 'web') return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const scheme = url.protocol.toLowerCase()
  if (BLOCKED_SCHEMES.has(scheme) || scheme === 'http:' || scheme === 'https:') return null
  if (url.username !== '' || url.password !== '') return null
  // `scheme://` exactly as written: no leading spaces, control characters or look-alike forms.
  return /^[a-z][a-z0-9+.-]{0,63}:\/\/[^\s]*$/i.test(value) ? value : null
}
