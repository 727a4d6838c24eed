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

  test('default list has localhost and the two secure mobile hosts', () => {
    expect(DEFAULT_ALLOWED_ORIGINS.filter((o) => o.includes('secure-mobile'))).toHaveLength(2)
  })
})
