/** Names of this machine as a browser writes them in an origin or a Host header (URL hostnames). */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * True when a request's `Origin` header is absent (Node clients, curl) or an http(s) origin on
 * this machine. Anything else, `null` (sandboxed frames, files) included, is another site: the
 * dev services that hand out secrets (mailbox codes, relay traffic) refuse it (issue L-13).
 * @example isLoopbackOrigin(req.headers.origin) // true for 'http://localhost:5173', false for 'https://evil.example'
 */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname) && url.origin === origin
  } catch {
    return false
  }
}

/**
 * True when a request's `Host` header names this machine (or is absent). A web page that rebinds
 * its own domain to 127.0.0.1 sends no `Origin` on a same-origin GET, but its Host is its domain.
 * @example isLoopbackHost(req.headers.host) // true for '127.0.0.1:8787'
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return true
  // Only `name[:port]`: no user info, path or query that would move the parsed host elsewhere.
  if (/[@/\\?#\s]/.test(host)) return false
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(`http://${host}`).hostname)
  } catch {
    return false
  }
}
