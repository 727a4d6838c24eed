import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { deepLinkHref, isAllowedLink, isLoopbackOrigin, walletDeepLinks } from './deepLinks.js'

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const ENCODED = encodeURIComponent(URI)

describe('deepLinkHref (WalletConnect convention)', () => {
  test('default: app schemes get :// and wc?uri=, web links a trailing slash', () => {
    expect(deepLinkHref('rainbow:', URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
    expect(deepLinkHref('metamask://', URI)).toBe(`metamask://wc?uri=${ENCODED}`)
    expect(deepLinkHref('trust://open', URI)).toBe(`trust://open/wc?uri=${ENCODED}`)
    expect(deepLinkHref('https://link.wallet.example', URI)).toBe(`https://link.wallet.example/wc?uri=${ENCODED}`)
    expect(deepLinkHref('https://app.wallet.example/', URI)).toBe(`https://app.wallet.example/wc?uri=${ENCODED}`)
  })

  test('behavior: the URI is always encoded (no & or ? of it leaks into the link)', () => {
    const href = deepLinkHref('https://w.example/', URI)
    expect(new URL(href).searchParams.get('uri')).toBe(URI)
    expect(href.slice(href.indexOf('?') + 1).split('&')).toHaveLength(1)
  })
})

describe('isAllowedLink', () => {
  test('behavior: script, data, file and other local schemes never open', () => {
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:msgbox', 'blob:https://x/1', 'about:blank']) {
      for (const kind of ['mobile', 'desktop', 'web'] as const) expect(isAllowedLink(link, kind, { dev: true }), `${kind} ${link}`).toBe(false)
    }
  })

  test('behavior: web links are https only; plain http only to loopback in dev', () => {
    expect(isAllowedLink('https://app.wallet.example', 'web', { dev: false })).toBe(true)
    expect(isAllowedLink('rainbow:', 'web', { dev: false })).toBe(false)
    expect(isAllowedLink('http://app.wallet.example', 'web', { dev: true })).toBe(false)
    expect(isAllowedLink('http://127.0.0.1:5173/wallet', 'web', { dev: true })).toBe(true)
    expect(isAllowedLink('http://localhost:5173/wallet', 'web', { dev: false })).toBe(false)
  })

  test('behavior: app links may use https or a custom scheme', () => {
    expect(isAllowedLink('rainbow:', 'mobile', { dev: false })).toBe(true)
    expect(isAllowedLink('https://rnbwapp.com', 'mobile', { dev: false })).toBe(true)
    expect(isAllowedLink('ledgerlive:', 'desktop', { dev: false })).toBe(true)
    expect(isAllowedLink('', 'mobile', { dev: false })).toBe(false)
    expect(isAllowedLink(42, 'mobile', { dev: false })).toBe(false)
    expect(isAllowedLink('rain bow:', 'mobile', { dev: false })).toBe(false)
  })

  test('property: never throws, and never allows a blocked scheme, on any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('mobile', 'desktop', 'web'), fc.boolean(), (tail, kind, dev) => {
        expect(isAllowedLink(`javascript:${tail}`, kind, { dev })).toBe(false)
        expect(isAllowedLink(`data:${tail}`, kind, { dev })).toBe(false)
        expect(typeof isAllowedLink(tail, kind, { dev })).toBe('boolean')
      }),
    )
  })
})

describe('walletDeepLinks', () => {
  const wallet = { mobile_link: 'rainbow:', desktop_link: 'javascript:alert(1)', webapp_link: 'https://app.rainbow.example' }

  test('default: on mobile the app link comes first, then the web app', () => {
    expect(walletDeepLinks(wallet, URI, { isMobile: true, dev: false })).toEqual([
      { kind: 'mobile', href: `rainbow://wc?uri=${ENCODED}`, target: '_self' },
      { kind: 'web', href: `https://app.rainbow.example/wc?uri=${ENCODED}`, target: '_blank' },
    ])
  })

  test('behavior: on desktop a javascript: desktop link yields no entry', () => {
    expect(walletDeepLinks(wallet, URI, { isMobile: false, dev: false }).map((l) => l.kind)).toEqual(['web'])
  })

  test('behavior: OS handler links (review L-2) yield no button, even in dev', () => {
    for (const link of ['ms-msdt:?id=PCWDiagnostic', 'search-ms:query=x', 'ms-officecmd:x', 'shell:startup', 'jar:https://evil.example/x.jar!/', 'itms-services://?action=download-manifest&url=https://evil.example/x.plist', 'x-apple.systempreferences:']) {
      const links = { mobile_link: link, desktop_link: link, webapp_link: link }
      expect(walletDeepLinks(links, URI, { isMobile: true, dev: true }), link).toEqual([])
      expect(walletDeepLinks(links, URI, { isMobile: false, dev: true }), link).toEqual([])
    }
  })

  test('behavior: loopback origins are dev', () => {
    expect(isLoopbackOrigin('http://127.0.0.1:5173')).toBe(true)
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true)
    expect(isLoopbackOrigin('https://shop.example')).toBe(false)
    expect(isLoopbackOrigin(null)).toBe(false)
  })
})
