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
  // Stryker disable next-line ConditionalExpression: `value.length === 0` → false is equivalent: '' then reaches new URL(''), which throws, and the catch returns the same null; this line's other ConditionalExpression mutants are skipped with it (the 2048/2049 length, non-string and whitespace/quote tests kill each, checked by hand)
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
  // Stryker disable next-line ConditionalExpression,StringLiteral: `url.hostname !== ''` → true (or against another string) is equivalent: the URL parser refuses an https URL with an empty host (WHATWG URL, special scheme), so hostname is never '' here; this line's `scheme === 'https:'` → true/false/'' and hostname → false are skipped with it (the https, http and app-scheme tests kill them, checked by hand)
  if (scheme === 'https:') return url.hostname !== '' ? value : null
  if (scheme === 'http:') return allowLoopbackHttp && LOOPBACK.has(url.hostname) ? value : null
  if (kind === 'web') return null
  // Stryker disable next-line OptionalChaining: `?.[1].toLowerCase()` is equivalent: group 1 is not optional, so a match always has it; the first `?.` (`exec(value)[1]`), skipped with it, is killed by the leading-control-character test (checked by hand)
  const written = APP_SCHEME.exec(value)?.[1]?.toLowerCase()
  // The scheme as written must be the one the browser will use, and must not be an OS handler.
  // Stryker disable next-line ConditionalExpression: `${written}:` !== scheme → false is equivalent: when APP_SCHEME matches at the very start (so no leading control character for the parser to drop) and no tab or newline is left (refused above), the URL parser reads those same letters, lower-cased, as the scheme, so this is true only when written is undefined, which the left operand already refuses; this line's other ConditionalExpression mutants are skipped with it (the deny-list and leading-control-character tests kill each, checked by hand)
  if (written === undefined || `${written}:` !== scheme || isDeniedScheme(written)) return null
  return value
}
