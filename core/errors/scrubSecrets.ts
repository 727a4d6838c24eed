// Characters of base58 (Bitcoin's alphabet: no 0, O, I or l), as used by Solana and legacy Bitcoin addresses.
const B58 = '1-9A-HJ-NP-Za-km-z'

// Error texts are free-form and may quote user input; these are the secrets and
// personal data seen in practice. Order matters: URLs first, so a token inside a
// query is gone before the narrower rules look. No lookbehind (Safari before 16.4
// rejects the whole script): a base58 run's left edge is captured and put back.
const RULES: readonly (readonly [RegExp, string | ((match: string, ...groups: string[]) => string)])[] = [
  // Keep scheme, host, path and a stack frame's `:line:col` of any URL; drop query and hash.
  [/\b((?:https?|wss?):\/\/[^\s?#'"()<>]*)[?#][^\s'"()<>]*?((?::\d+){0,2})(?=[\s'"()<>]|$)/gi, '$1$2'],
  // The last label must start with a letter, so `rxjs@7.8.2` in a stack path survives.
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[a-z][a-z0-9-]*\b/gi, '[email]'],
  // JWTs (session tokens): three base64url parts, the first starting with `{"` encoded.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted]'],
  [/\b(bearer)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  // A recovery phrase after its label (`mnemonic: team obtain …`, `seed phrase "team …"`): every word of it,
  // not only the first, which the `key: value` rule below would stop at.
  [/\b(mnemonic|(?:seed|recovery|secret) ?phrase|seed)(\s*[:=]\s*["']?|\s+["'])[a-z]+(?: [a-z]+)*/gi, '$1$2[redacted]'],
  // `otp: 123456`, `signature=0x…`, `"token":"…"` and friends (a value already hidden above is left, with what follows it).
  [/\b(otp|token|signature|password|secret|mnemonic|seed|private ?key|authorization)(["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s,;"'&]+/gi, '$1$2[redacted]'],
  // Signatures, private keys and hashes (64+ hex digits), then plain EVM addresses:
  // an address belongs only in connect events.
  [/\b0x[0-9a-f]{64,}\b/gi, '[redacted]'],
  // The same without `0x` (a key as most wallets export it, a Bitcoin txid).
  [/\b[0-9a-f]{64,}\b/gi, '[redacted]'],
  [/\b0x[0-9a-f]{40}\b/gi, '[address]'],
  // Bitcoin segwit and taproot addresses (bech32/bech32m: mainnet, testnet, regtest).
  [/\b(?:bcrt|bc|tb)1[02-9ac-hj-np-z]{8,87}\b/gi, '[address]'],
  // Base58 runs longer than an address: Solana signatures and secret keys (64 bytes, ~88 chars).
  [new RegExp(`(^|[^A-Za-z0-9])[${B58}]{45,}(?![A-Za-z0-9])`, 'g'), '$1[redacted]'],
  // Solana addresses (32 bytes: 32 to 44 base58 characters). A CAIP-2 chain reference
  // (`solana:5eykt4Us…`: the first 32 characters of the genesis hash) names a network, not a person.
  [new RegExp(`(^|[^A-Za-z0-9])(solana:)?([${B58}]{32,44})(?![A-Za-z0-9])`, 'g'), (_, edge: string, chain = '', run: string) => `${edge}${chain}${chain && run.length === 32 ? run : '[address]'}`],
  // A quoted recovery phrase without a label: 12 or more words of 3 to 8 lower-case letters, one space
  // apart (the BIP-39 shape). Only quoted: unquoted prose has such runs too ("the wallet could not sign
  // because the user closed the window before…"), and the full word list is too big for the start-up code.
  [/(["'`])[a-z]{3,8}(?: [a-z]{3,8}){11,}\1/g, '$1[redacted]$1'],
  // Legacy Bitcoin addresses: P2PKH `1…`, P2SH `3…` (and testnet `m…`, `n…`, `2…`), 26 to 35 characters.
  [new RegExp(`(^|[^A-Za-z0-9])[13mn2][${B58}]{25,34}(?![A-Za-z0-9])`, 'g'), '$1[address]'],
]

/**
 * Removes emails, tokens, signatures, OTPs, private keys, recovery phrases, EVM/Solana/Bitcoin addresses and URL queries from
 * free text (error messages and stacks). Idempotent: scrubbed text scrubs to itself.
 * @example scrubSecrets('No balance for 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin') // 'No balance for [address]'
 */
export function scrubSecrets(text: string): string {
  let out = text
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement as string)
  return out
}
