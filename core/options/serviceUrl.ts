/**
 * Service hosts (`apiUrl`, `blockchainApiUrl`, `analyticsUrl`, `secureSiteUrl`, `relayUrl`): what the
 * options check asks of them beyond being a URL. Part of the development-only options check (issue
 * 12): only optionsValidator.ts and optionsSchema.ts import this, never the start-up path.
 */

export const CLEARTEXT_HOST_MESSAGE = 'Use https:// or wss://; plain http:// and ws:// are allowed only for loopback hosts (localhost, 127.0.0.0/8, [::1])'

/** `127.0.0.0/8` as the URL parser writes it: `127.1` and `0x7f.0.0.1` both become dotted decimal. */
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/

/**
 * True for a hostname (as `new URL(…).hostname` gives it) on this machine: `localhost`,
 * `127.0.0.0/8` or `[::1]`.
 * @example isLoopbackHostname('127.0.0.2') // true
 */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || IPV4_LOOPBACK.test(hostname)
}

/**
 * False for a plain `http://` or `ws://` URL to any host but loopback (review L-10): a secure site
 * or relay over cleartext can be read and changed by anyone on the network path. Anything else
 * passes here; unparseable URLs and other schemes are the URL checks' to report.
 * @example isSecureOrLoopbackUrl('http://secure.example') // false
 */
export function isSecureOrLoopbackUrl(value: string): boolean {
  if (!value.startsWith('http://') && !value.startsWith('ws://')) return true
  try {
    return isLoopbackHostname(new URL(value).hostname)
  } catch {
    return true
  }
}
