import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed, matchOrigin } from './origins.js'

describe('origins', () => {
  test('default: localhost on any port and the preview hosts', () => {
    for (const origin of ['http://localhost:3000', 'http://localhost', 'http://127.0.0.1:5173', 'https://my-app.pages.dev', 'https://x.vercel.app', 'https://a-b.ngrok-free.app']) {
      expect(isOriginAllowed(origin, [])).toBe(true)
    }
  })

  test('behavior: wildcards do not cross dots-into-paths or match the bare apex', () => {
    expect(isOriginAllowed('https://vercel.app', [])).toBe(false)
    expect(isOriginAllowed('https://evil.com', [])).toBe(false)
    expect(isOriginAllowed('https://vercel.app.evil.com', [])).toBe(false)
    expect(isOriginAllowed('http://localhost.evil.com', [])).toBe(false)
    expect(matchOrigin('https://app.example.com', 'https://*.example.com')).toBe(true)
    expect(matchOrigin('https://example.com', 'https://*.example.com')).toBe(false)
    expect(matchOrigin('http://app.example.com', 'https://*.example.com')).toBe(false)
  })

  test('behavior: exact entries match exactly, case-insensitively, trailing slash ignored', () => {
    expect(matchOrigin('https://App.Example.com', 'https://app.example.com/')).toBe(true)
    expect(matchOrigin('https://app.example.com:8443', 'https://app.example.com')).toBe(false)
  })

  test('edge: spaces around and several trailing slashes are ignored, on the origin and on the pattern; a path still is not', () => {
    expect(matchOrigin('  https://app.example.com\t', 'https://app.example.com')).toBe(true)
    expect(matchOrigin('https://app.example.com', ' \nhttps://app.example.com  ')).toBe(true)
    expect(matchOrigin('https://app.example.com///', 'https://app.example.com')).toBe(true)
    expect(matchOrigin('https://app.example.com', 'https://app.example.com//')).toBe(true)
    expect(matchOrigin(' https://x.vercel.app// ', '  https://*.vercel.app/// ')).toBe(true)
    expect(matchOrigin(' HTTP://LOCALHOST:3000// ', ' http://localhost:*// ')).toBe(true)
    expect(isOriginAllowed('  https://app.example.com//  ', [' https://app.example.com// '], [])).toBe(true)
    expect(isOriginAllowed(' http://localhost:5173/// ', [])).toBe(true)
    expect(matchOrigin('https://app.example.com//x', 'https://app.example.com')).toBe(false)
    expect(matchOrigin('https://app.example.com/ /', 'https://app.example.com')).toBe(false)
  })

  test('edge: an empty, blank or slash-only pattern (an empty entry in a list) matches nothing, not even an empty origin', () => {
    for (const pattern of ['', '   ', '/', ' // ']) {
      for (const origin of ['', '  ', '/', 'https://evil.example', 'http://localhost:3000']) {
        expect(matchOrigin(origin, pattern), `${JSON.stringify(origin)} ~ ${JSON.stringify(pattern)}`).toBe(false)
      }
      expect(isOriginAllowed('https://evil.example', [pattern], [])).toBe(false)
      expect(isOriginAllowed('', [pattern, 'https://app.example.com'], [])).toBe(false)
    }
  })

  test('behavior: regex metacharacters in patterns are literal', () => {
    expect(matchOrigin('https://axcom', 'https://a.com')).toBe(false)
    expect(matchOrigin('https://a+b.com', 'https://a+b.com')).toBe(true)
  })

  test('behavior: never throws on any strings', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (origin, pattern) => typeof matchOrigin(origin, pattern) === 'boolean'))
    fc.assert(fc.property(fc.string(), fc.array(fc.string()), (origin, list) => typeof isOriginAllowed(origin, list) === 'boolean'))
  })

  test('behavior: an exact pattern always matches itself', () => {
    fc.assert(fc.property(fc.webUrl().map((u) => new URL(u).origin), (origin) => matchOrigin(origin, origin)))
  })

  describe('property: verdicts known by construction (an oracle independent of the matcher)', () => {
    /** Host parts: DNS labels, and a top-level label from a fixed set an attacker suffix never ends with. */
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/)
    const tld = fc.constantFrom('com', 'app', 'dev', 'io')
    const host = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([labels, top]) => [...labels, top].join('.'))
    const scheme = fc.constantFrom('http', 'https')
    const otherScheme = (s: string) => (s === 'http' ? 'https' : 'http')
    const port = fc.integer({ min: 1, max: 65_535 })
    const otherPort = (p: number) => (p % 65_535) + 1
    /** The origin as a browser may spell it: any case, with or without a trailing slash. */
    const spelling = fc.tuple(fc.boolean(), fc.boolean())
    const spell = (origin: string, [upper, slash]: [boolean, boolean]) => `${upper ? origin.toUpperCase() : origin}${slash ? '/' : ''}`
    /** A suffix whose last label ('attacker-host') is never one of `tld`, so the result cannot end in the pattern's host. */
    const ATTACKER = 'attacker-host'

    test('exact pattern: the same origin matches; prefixed or appended labels, another port, scheme or a path do not', () => {
      fc.assert(
        fc.property(scheme, host, fc.option(port, { nil: undefined }), label, port, spelling, (s, h, p, extra, anyPort, sp) => {
          const authority = p === undefined ? h : `${h}:${p}`
          const pattern = `${s}://${authority}`
          const accepted = [spell(pattern, sp)]
          const refused = [
            `${s}://${extra}.${authority}`,
            `${s}://${h}.${ATTACKER}${p === undefined ? '' : `:${p}`}`,
            `${s}://${h}${extra}${p === undefined ? '' : `:${p}`}`,
            `${s}://${h}:${p === undefined ? anyPort : otherPort(p)}`,
            `${otherScheme(s)}://${authority}`,
            `${pattern}/${extra}`,
            `${pattern}.${ATTACKER}`,
            `${pattern}@${ATTACKER}.com`,
            `${s}://${ATTACKER}.com/${authority}`,
            `${s}://${ATTACKER}.com/${pattern}`,
          ]
          if (p !== undefined) refused.push(`${s}://${h}`)
          for (const origin of accepted) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(true)
          for (const origin of refused) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(false)
          // The list form gives the same verdicts (no defaults, so only this pattern decides).
          for (const origin of accepted) expect(isOriginAllowed(origin, [pattern], [])).toBe(true)
          for (const origin of refused) expect(isOriginAllowed(origin, [pattern], [])).toBe(false)
        }),
        { numRuns: 200 },
      )
    })

    test('subdomain wildcard: one or more labels in front match; the bare apex, a suffix, another scheme or port, or the host in a path do not', () => {
      fc.assert(
        fc.property(scheme, host, fc.array(label, { minLength: 1, maxLength: 3 }), fc.option(port, { nil: undefined }), port, spelling, (s, base, subs, p, anyPort, sp) => {
          const portPart = p === undefined ? '' : `:${p}`
          const pattern = `${s}://*.${base}${portPart}`
          const sub = subs.join('.')
          const accepted = [spell(`${s}://${sub}.${base}${portPart}`, sp)]
          const refused = [
            `${s}://${base}${portPart}`,
            `${s}://${sub}.${base}.${ATTACKER}${portPart}`,
            `${s}://${sub}.${base}${portPart}/x`,
            `${s}://${sub}.${base}:${p === undefined ? anyPort : otherPort(p)}`,
            `${otherScheme(s)}://${sub}.${base}${portPart}`,
            `${s}://${ATTACKER}.com/${sub}.${base}${portPart}`,
            `${s}://${ATTACKER}.com/${s}://${sub}.${base}${portPart}`,
            `${s}://${sub}${base}${portPart}`,
          ]
          for (const origin of accepted) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(true)
          for (const origin of refused) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(false)
        }),
        { numRuns: 200 },
      )
    })

    test('port wildcard: the host on any port or the default one matches; a look-alike host, another scheme or a path do not', () => {
      fc.assert(
        fc.property(scheme, fc.oneof(host, fc.constantFrom('localhost', '127.0.0.1')), port, label, spelling, (s, h, p, extra, sp) => {
          const pattern = `${s}://${h}:*`
          const accepted = [spell(`${s}://${h}:${p}`, sp), spell(`${s}://${h}`, sp)]
          const refused = [
            `${s}://${h}.${ATTACKER}:${p}`,
            `${s}://${h}.${ATTACKER}`,
            `${s}://${extra}.${h}:${p}`,
            `${s}://${h}${extra}:${p}`,
            `${otherScheme(s)}://${h}:${p}`,
            `${s}://${h}:${p}/x`,
            `${s}://${h}:${p}@${ATTACKER}.com`,
            `${s}://${ATTACKER}.com/${h}:${p}`,
            `${s}://${ATTACKER}.com/${s}://${h}:${p}`,
            `${s}://${ATTACKER}.com/${s}://${h}`,
          ]
          for (const origin of accepted) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(true)
          for (const origin of refused) expect(matchOrigin(origin, pattern), `${origin} ~ ${pattern}`).toBe(false)
        }),
        { numRuns: 200 },
      )
    })

    test('defaults: generated hosts outside the default families are refused, the same host under a default family is allowed', () => {
      fc.assert(
        fc.property(host, fc.array(label, { minLength: 1, maxLength: 2 }), port, (h, subs, p) => {
          const sub = subs.join('.')
          expect(isOriginAllowed(`https://${h}`, [])).toBe(false)
          expect(isOriginAllowed(`https://${h}:${p}`, [])).toBe(false)
          expect(isOriginAllowed(`https://${sub}.vercel.app.${h}`, [])).toBe(false)
          expect(isOriginAllowed(`http://localhost.${h}:${p}`, [])).toBe(false)
          expect(isOriginAllowed(`http://${sub}.vercel.app`, [])).toBe(false)
          expect(isOriginAllowed(`https://${sub}.vercel.app`, [])).toBe(true)
          expect(isOriginAllowed(`https://${sub}.pages.dev`, [])).toBe(true)
          expect(isOriginAllowed(`http://localhost:${p}`, [])).toBe(true)
          expect(isOriginAllowed(`http://127.0.0.1:${p}`, [])).toBe(true)
          // An allowed list adds to the defaults: the generated host becomes allowed exactly.
          expect(isOriginAllowed(`https://${h}`, [`https://${h}`])).toBe(true)
          expect(isOriginAllowed(`https://${sub}.${h}`, [`https://${h}`])).toBe(false)
        }),
        { numRuns: 200 },
      )
    })
  })

  test('default list has localhost and the two secure mobile hosts', () => {
    expect(DEFAULT_ALLOWED_ORIGINS.filter((o) => o.includes('secure-mobile'))).toHaveLength(2)
  })
})
