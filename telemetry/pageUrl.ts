/**
 * The page address that telemetry may send: origin + path, never query or hash.
 * @example sanitizePageUrl('https://dapp.xyz/swap?email=a@b.c#otp') // 'https://dapp.xyz/swap'
 */
export function sanitizePageUrl(href: string | null | undefined): string | null {
  const url = parse(href)
  // Query strings and fragments carry emails, OTPs and OAuth tokens; credentials in
  // `user:pass@` are dropped by `origin`. Opaque origins (data:, blob:, file:) say nothing useful.
  if (!url || url.origin === 'null') return null
  return `${url.origin}${url.pathname}`
}

/**
 * The host name telemetry reports as `domain` (no port, no scheme), or null when unparsable.
 * @example domainOf('https://app.dapp.xyz:8443/swap') // 'app.dapp.xyz'
 */
export function domainOf(href: string | null | undefined): string | null {
  const url = parse(href)
  return url && url.hostname !== '' ? url.hostname : null
}

function parse(href: string | null | undefined): URL | null {
  if (
    typeof href !== 'string' ||
    // Stryker disable next-line ConditionalExpression: `href === ''` → false is equivalent: new URL('') throws, so the catch below returns the same null
    // Stryker disable next-line StringLiteral: comparing with another string is equivalent: '' then reaches new URL(''), which throws, and the catch returns the same null
    href === ''
  )
    return null
  try {
    return new URL(href)
  }
  // Stryker disable next-line BlockStatement: parse is private and both callers treat its result as falsy-or-URL (`!url`, `url && …`), so undefined from an empty catch gives the same null
  catch {
    return null
  }
}
