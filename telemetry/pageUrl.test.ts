import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { domainOf, sanitizePageUrl } from './pageUrl.js'

describe('sanitizePageUrl', () => {
  test('default', () => {
    expect(sanitizePageUrl('https://dapp.example/swap')).toBe('https://dapp.example/swap')
  })

  test('behavior: query and hash are never kept', () => {
    expect(sanitizePageUrl('https://dapp.example/account?email=a@b.c#x')).toBe('https://dapp.example/account')
    expect(sanitizePageUrl('https://dapp.example/#/swap?otp=123456')).toBe('https://dapp.example/')
  })

  test('behavior: credentials are dropped, ports kept', () => {
    expect(sanitizePageUrl('http://user:pass@localhost:3000/a/b')).toBe('http://localhost:3000/a/b')
  })

  test('behavior: unparsable or opaque urls give null', () => {
    expect(sanitizePageUrl('not a url')).toBeNull()
    expect(sanitizePageUrl('')).toBeNull()
    expect(sanitizePageUrl(null)).toBeNull()
    expect(sanitizePageUrl(undefined)).toBeNull()
    expect(sanitizePageUrl('data:text/html,<b>a@b.c</b>')).toBeNull()
    expect(sanitizePageUrl('about:blank')).toBeNull()
  })

  test('edge: only a string is read; a URL or Location object passed by a JavaScript caller gives null, not its text', () => {
    // new URL() would stringify these into a real address; the contract is text or nothing.
    const location = { href: 'https://dapp.example/swap?otp=1', toString: () => 'https://dapp.example/swap?otp=1' }
    expect(sanitizePageUrl(new URL('https://dapp.example/swap?otp=1') as unknown as string)).toBeNull()
    expect(sanitizePageUrl(location as unknown as string)).toBeNull()
    expect(domainOf(new URL('https://dapp.example/swap') as unknown as string)).toBeNull()
  })

  test('property: never throws, never keeps a query or hash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })), (href) => {
        const out = sanitizePageUrl(href)
        if (out !== null) {
          expect(out).not.toMatch(/[?#]/)
          expect(href.startsWith(out.slice(0, out.indexOf('//') + 2))).toBe(true)
        }
      }),
    )
  })
})

describe('domainOf', () => {
  test('default', () => {
    expect(domainOf('https://app.dapp.example:8443/swap?x=1')).toBe('app.dapp.example')
  })

  test('behavior: null for unparsable or host-less urls', () => {
    expect(domainOf('nope')).toBeNull()
    expect(domainOf(null)).toBeNull()
    expect(domainOf('data:text/plain,hi')).toBeNull()
  })

  test('property: never throws on any string', () => {
    fc.assert(fc.property(fc.string(), (href) => void domainOf(href)))
  })
})
