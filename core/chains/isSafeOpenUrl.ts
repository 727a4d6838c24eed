const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1'])

/**
 * True only for a URL that is safe to open outside the app: a parseable `https:` URL, or with
 * `allowLocalhostHttp` an `http:` URL on localhost / 127.0.0.1. Check before every window.open.
 * @example isSafeOpenUrl('https://etherscan.io/tx/0x1') // true
 */
export function isSafeOpenUrl(value: unknown, options: { allowLocalhostHttp?: boolean } = {}): boolean {
  if (typeof value !== 'string') return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  // `https://bank.example@evil.example` reads like the bank but goes to evil: refuse credentials.
  if (url.username !== '' || url.password !== '') return false
  if (url.protocol === 'https:') return url.hostname !== ''
  // Allow-listing the protocol (not deny-listing) is what keeps javascript:, data: and file: out.
  return url.protocol === 'http:' && options.allowLocalhostHttp === true && LOCAL_HOSTS.has(url.hostname)
}
