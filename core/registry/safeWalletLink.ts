/**
 * Schemes a browser, an OS or another app handles itself, never a wallet: they run code, read local
 * data, install software, search or open system settings (review L-2). A registry entry using one
 * is refused, whatever it says.
 */
const DENIED_SCHEMES = new Set([
  // Code, local data and browser internals.
  'javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem', 'view-source', 'jar', 'resource', 'wyciwyg',
  'chrome', 'chrome-extension', 'chrome-search', 'chrome-untrusted', 'edge', 'brave', 'opera', 'vivaldi', 'moz-extension', 'safari-extension',
  // Windows shell and help handlers (`ms-*` is denied as a prefix below).
  'search', 'search-ms', 'shell', 'mk', 'its', 'mhtml', 'hcp', 'help', 'res', 'microsoft-edge', 'windowsdefender',
  // Installers and launchers.
  'itms-services', 'jnlp', 'jnlps', 'intent', 'android-app',
  // Network shares and other protocols that leave the wallet flow.
  'smb', 'nfs', 'afp', 'ldap', 'ldaps', 'ssh', 'sftp', 'telnet', 'ftp', 'ws', 'wss', 'mailto', 'tel', 'sms', 'facetime', 'facetime-audio',
])
/** Whole families: `ms-msdt`, `ms-officecmd`, `ms-settings`…; `itms-apps`, `itms-services`…; `x-apple.systempreferences`… */
const DENIED_PREFIXES = ['ms-', 'itms', 'x-apple']
/** A custom app scheme, exactly as written (no look-alike forms): a letter, then letters, digits, + . - only. */
const APP_SCHEME = /^([a-z][a-z0-9+.-]{0,63}):/i
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const MAX_LINK_LENGTH = 2048

/**
 * True for a custom scheme an OS hands to some handler other than a wallet app (`ms-msdt`,
 * `search-ms`, `shell`, `jar`, `file`, `itms-services`, `x-apple.systempreferences`…). Lowercase input.
 * @example isDeniedScheme('ms-msdt') // true
 */
export function isDeniedScheme(scheme: string): boolean {
  return DENIED_SCHEMES.has(scheme) || DENIED_PREFIXES.some((prefix) => scheme.startsWith(prefix))
}

/**
 * A wallet link (SPEC 3 mobile_link, desktop_link, webapp_link) if Airlock may open it, else null.
 * The one check for such links: the registry applies it at the edge and the pairing view again
 * before it builds a button (router data may come from a replayed log or the host).
 * An allowlist: `web` links must be https (plain http only to loopback, with `allowLoopbackHttp`);
 * `app` links may also be a wallet's own scheme (`rainbow:` or `rainbow://…`) made of letters,
 * digits, + . - and not one of the OS's own handlers (`isDeniedScheme`).
 * @example safeWalletLink('examplewallet://', 'app') // 'examplewallet://'
 * @example safeWalletLink('ms-msdt:?id=PCWDiagnostic', 'app') // null
 */
export function safeWalletLink(value: unknown, kind: 'app' | 'web', { allowLoopbackHttp = false }: { allowLoopbackHttp?: boolean } = {}): string | null {
  if (
    typeof value !== 'string' ||
    // Stryker disable next-line ConditionalExpression: equivalent when false: '' would reach new URL(''), which throws, and the catch returns the same null; its `true` twin, skipped with it, is killed by every test of a good link (checked by hand)
    value.length === 0 ||
    value.length > MAX_LINK_LENGTH ||
    /[\s<>"'`\\]/.test(value)
  )
    return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  // `https://bank.example@evil.example` reads like the bank but goes elsewhere: refuse credentials.
  if (url.username !== '' || url.password !== '') return null
  const scheme = url.protocol.toLowerCase()
  // The URL parser refuses an https URL without a host (WHATWG URL: a special scheme), so none is empty here.
  if (scheme === 'https:') return value
  if (scheme === 'http:') return allowLoopbackHttp && LOOPBACK.has(url.hostname) ? value : null
  if (kind === 'web') return null
  // Group 1 is not optional: a match always has it.
  const written = APP_SCHEME.exec(value)?.[1]!.toLowerCase()
  // The scheme as written must be the one the browser will use, and must not be an OS handler.
  if (
    written === undefined ||
    // Defence in depth, implied today by the checks above (the parser reads the same letters, lower-cased).
    // Stryker disable next-line ConditionalExpression: equivalent when false (see above); its `true` twin, skipped with it, is killed by every app-link test (checked by hand)
    `${written}:` !== scheme ||
    isDeniedScheme(written)
  )
    return null
  return value
}
