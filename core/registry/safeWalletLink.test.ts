import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { walletPageSchema } from './registrySchema.js'
import { isDeniedScheme, safeWalletLink } from './safeWalletLink.js'

/** Every OS or browser handler named in review L-2 and in the fix, each as a registry might write it. */
const OS_HANDLER_LINKS = [
  'ms-msdt:?id=PCWDiagnostic&skip=force&param=IT_RebrowseForFile',
  'MS-MSDT:?id=PCWDiagnostic',
  'ms-officecmd:{"id":3}',
  'ms-settings:privacy',
  'ms-appinstaller:?source=https://evil.example/x.appx',
  'ms-word:ofe|u|https://evil.example/x.docx',
  'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
  'search-ms:query=x',
  'search:query=x',
  'shell:startup',
  'jar:https://evil.example/x.jar!/',
  'file:///etc/passwd',
  'file://evil.example/share/x.exe',
  'itms-services://?action=download-manifest&url=https://evil.example/x.plist',
  'itms-apps://apps.apple.com/app/id1',
  'x-apple.systempreferences:com.apple.preference.security',
  'x-apple-helpbasic://x',
  'javascript:alert(1)',
  'JavaScript://%0aalert(1)',
  'data:text/html,<b>',
  'data:text/html;base64,PGI+',
  'vbscript:msgbox(1)',
  'blob:https://evil.example/1',
  'about:blank',
  'chrome://settings',
  'chrome-extension://abc/x.html',
  'view-source:https://evil.example',
  'filesystem:https://evil.example/temporary/x',
  'intent://scan/#Intent;scheme=zxing;end',
  'jnlp://evil.example/x.jnlp',
  'mk:@MSITStore:C:\\x.chm::/x.htm',
  'smb://evil.example/share',
  'ftp://evil.example/x',
  'wss://evil.example',
  'mailto:a@evil.example',
  'tel:+100',
  'sms:+100',
]

describe('safeWalletLink', () => {
  test('default: wallet schemes and https for apps, https only for the web', () => {
    expect(safeWalletLink('examplewallet://', 'app')).toBe('examplewallet://')
    expect(safeWalletLink('okex://main', 'app')).toBe('okex://main')
    expect(safeWalletLink('cbwallet://wc', 'app')).toBe('cbwallet://wc')
    expect(safeWalletLink('my.wallet+app-2://wc', 'app')).toBe('my.wallet+app-2://wc')
    expect(safeWalletLink('https://link.example/wc', 'app')).toBe('https://link.example/wc')
    expect(safeWalletLink('https://app.example', 'web')).toBe('https://app.example')
    expect(safeWalletLink('http://localhost:3000', 'web', { allowLoopbackHttp: true })).toBe('http://localhost:3000')
    expect(safeWalletLink('http://127.0.0.1:3000', 'app', { allowLoopbackHttp: true })).toBe('http://127.0.0.1:3000')
    expect(safeWalletLink('http://localhost:3000', 'web')).toBeNull()
    expect(safeWalletLink('wallet:', 'app')).toBe('wallet:')
    expect(safeWalletLink('examplewallet://', 'web')).toBeNull()
  })

  test('error: OS and browser handlers are refused, in any case, for apps and the web (review L-2)', () => {
    for (const link of OS_HANDLER_LINKS) {
      expect(safeWalletLink(link, 'app'), link).toBeNull()
      expect(safeWalletLink(link, 'app', { allowLoopbackHttp: true }), link).toBeNull()
      expect(safeWalletLink(link, 'web', { allowLoopbackHttp: true }), link).toBeNull()
    }
    for (const scheme of ['ms-msdt', 'ms-anything', 'search-ms', 'shell', 'jar', 'file', 'itms-services', 'x-apple.systempreferences', 'javascript', 'data', 'vbscript', 'blob', 'about', 'chrome']) {
      expect(isDeniedScheme(scheme), scheme).toBe(true)
      expect(safeWalletLink(`${scheme}://x`, 'app'), scheme).toBeNull()
      expect(safeWalletLink(`${scheme.toUpperCase()}:x`, 'app'), scheme).toBeNull()
    }
  })

  test('error: code-running, local and malformed links are refused', () => {
    for (const link of ['http://insecure.example', ' evil://', 'evil ://', '\tjavascript:alert(1)', '//evil.example', '1wallet://', '-wallet://', 'wal_let://', 'wal%6Cet://', 'https://user:pw@x.example', 'wallet://user@host', 'x'.repeat(3000)]) {
      expect(safeWalletLink(link, 'app'), link).toBeNull()
      expect(safeWalletLink(link, 'web'), link).toBeNull()
    }
    expect(safeWalletLink(42, 'app')).toBeNull()
  })

  test('behavior: the registry edge drops an OS handler link, and keeps the wallet', () => {
    const page = walletPageSchema.parse({ count: 1, data: [{ id: 'a1', name: 'Wallet', image_id: 'img1', mobile_link: 'ms-msdt:?id=x', desktop_link: 'search-ms:query=x', webapp_link: 'shell:startup', rdns: 'x.y', chains: ['eip155:1'] }] })
    expect(page.wallets[0]).toMatchObject({ id: 'a1', mobile_link: null, desktop_link: null, webapp_link: null })
  })

  test('behavior: never throws on any string; what it returns is the input, on an allowed scheme', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const out = safeWalletLink(s, 'app')
      if (out === null) return true
      const scheme = out.slice(0, out.indexOf(':')).toLowerCase()
      return out === s && /^[a-z][a-z0-9+.-]*$/.test(scheme) && !isDeniedScheme(scheme)
    }))
  })
})
