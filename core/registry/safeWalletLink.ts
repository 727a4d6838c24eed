/** Schemes that run code, read local data or leave the wallet flow: never opened, whatever a registry says. */
const BLOCKED_SCHEMES = new Set([
  'javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'view-source:', 'chrome:',
  'ftp:', 'ws:', 'wss:', 'intent:', 'mailto:', 'tel:', 'sms:',
])
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const MAX_LINK_LENGTH = 2048

/**
 * A wallet link (SPEC 3 mobile_link, desktop_link, webapp_link) if Airlock may open it, else null.
 * The one check for such links: the registry applies it at the edge and the pairing view again
 * before it builds a button (router data may come from a replayed log or the host).
 * `web` links must be https (plain http only to loopback, with `allowLoopbackHttp`); `app` links
 * may also be a wallet's own scheme (`rainbow:` or `rainbow://…`), never a blocked one.
 * @example safeWalletLink('examplewallet://', 'app') // 'examplewallet://'
 * @example safeWalletLink('javascript:alert(1)', 'app') // null
 */
export function safeWalletLink(value: unknown, kind: 'app' | 'web', { allowLoopbackHttp = false }: { allowLoopbackHttp?: boolean } = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LINK_LENGTH || /[\s<>"'`\\]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  // `https://bank.example@evil.example` reads like the bank but goes elsewhere: refuse credentials.
  if (url.username !== '' || url.password !== '') return null
  const scheme = url.protocol.toLowerCase()
  if (scheme === 'https:') return url.hostname !== '' ? value : null
  if (scheme === 'http:') return allowLoopbackHttp && LOOPBACK.has(url.hostname) ? value : null
  if (kind === 'web' || BLOCKED_SCHEMES.has(scheme)) return null
  // A custom app scheme, written exactly (no look-alike forms): letters, digits, + . - only.
  return /^[a-z][a-z0-9+.-]{0,63}:/i.test(value) ? value : null
}
