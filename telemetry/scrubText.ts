/** Longest error message and stack trace telemetry sends, so one event stays small. */
export const MAX_MESSAGE_CHARS = 1_000
export const MAX_STACK_CHARS = 4_000

// Error texts are free-form and may quote user input; these are the secrets and
// personal data seen in practice. Order matters: URLs first, so a token inside a
// query is gone before the narrower rules look.
const RULES: readonly (readonly [RegExp, string])[] = [
  // Keep scheme, host, path and a stack frame's `:line:col` of any URL; drop query and hash.
  [/\b((?:https?|wss?):\/\/[^\s?#'"()<>]*)[?#][^\s'"()<>]*?((?::\d+){0,2})(?=[\s'"()<>]|$)/gi, '$1$2'],
  // The last label must start with a letter, so `rxjs@7.8.2` in a stack path survives.
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[a-z][a-z0-9-]*\b/gi, '[email]'],
  // JWTs (session tokens): three base64url parts, the first starting with `{"` encoded.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted]'],
  [/\b(bearer)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  // `otp: 123456`, `signature=0x…`, `"token":"…"` and friends.
  [/\b(otp|token|signature|password|secret|mnemonic|seed|private ?key|authorization)(["']?\s*[:=]\s*["']?)[^\s,;"'&]+/gi, '$1$2[redacted]'],
  // Signatures, private keys and hashes (64+ hex digits), then plain EVM addresses:
  // an address belongs only in connect events.
  [/\b0x[0-9a-f]{64,}\b/gi, '[redacted]'],
  [/\b0x[0-9a-f]{40}\b/gi, '[address]'],
]

/**
 * Removes emails, tokens, signatures, OTPs, addresses and URL queries from free text, and caps its length.
 * @example scrubText('Invalid email a@b.c', 100) // 'Invalid email [email]'
 */
export function scrubText(text: string, maxChars: number = MAX_MESSAGE_CHARS): string {
  let out = text
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement)
  return out.length > maxChars ? `${out.slice(0, maxChars - 1)}…` : out
}
