/**
 * Origins always allowed for email and social login (SPEC 6): localhost on any
 * port, preview hosts and the two secure mobile hosts. `127.0.0.1` is loopback
 * like `localhost`, so it is listed too.
 */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]

/**
 * Matches an origin against a pattern where `*` stands for one or more
 * characters other than `/` (a subdomain label run or a port). A pattern
 * without a port also matches the origin's default port.
 * @example matchOrigin('https://app.vercel.app', 'https://*.vercel.app') // true
 */
export function matchOrigin(origin: string, pattern: string): boolean {
  const o = origin.trim().toLowerCase().replace(/\/+$/, '')
  const p = pattern.trim().toLowerCase().replace(/\/+$/, '')
  if (!p) return false
  // No shortcut for patterns without `*`: escaped, such a pattern becomes `^p$`, which matches exactly when o === p.
  const source = p
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  // `http://localhost:*` must also accept `http://localhost` (default port).
  const withOptionalPort = source.endsWith(':[^/]+') ? `${source.slice(0, -':[^/]+'.length)}(:[0-9]+)?` : source
  return new RegExp(`^${withOptionalPort}$`).test(o)
}

/** True when the origin matches any pattern of the list or of the defaults. */
export function isOriginAllowed(origin: string, allowed: readonly string[], defaults: readonly string[] = DEFAULT_ALLOWED_ORIGINS): boolean {
  return [...allowed, ...defaults].some((pattern) => matchOrigin(origin, pattern))
}
