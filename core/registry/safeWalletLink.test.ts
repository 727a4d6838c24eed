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

/**
 * The deny list of the product (safeWalletLink.ts DENIED_SCHEMES), written out again here: taking an
 * entry out of the product makes the tests below fail. The product list is not exported; every
 * entry is also checked through the exported `isDeniedScheme`.
 */
const DENIED = [
  'javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem', 'view-source', 'jar', 'resource', 'wyciwyg',
  'chrome', 'chrome-extension', 'chrome-search', 'chrome-untrusted', 'edge', 'brave', 'opera', 'vivaldi', 'moz-extension', 'safari-extension',
  'search', 'search-ms', 'shell', 'mk', 'its', 'mhtml', 'hcp', 'help', 'res', 'microsoft-edge', 'windowsdefender',
  'itms-services', 'jnlp', 'jnlps', 'intent', 'android-app',
  'smb', 'nfs', 'afp', 'ldap', 'ldaps', 'ssh', 'sftp', 'telnet', 'ftp', 'ws', 'wss', 'mailto', 'tel', 'sms', 'facetime', 'facetime-audio',
]
const DENIED_FAMILIES = ['ms-', 'itms', 'x-apple']
/** The oracle: a scheme (lower case) is an OS handler if listed or in a denied family. */
const deniedByTest = (scheme: string) => DENIED.includes(scheme) || DENIED_FAMILIES.some((prefix) => scheme.startsWith(prefix))

/** Ways a wallet link continues after its scheme (no credentials, spaces or quotes). */
const LINK_REST = ['', '//', '//wc', '//wc?uri=wc%3Aabc%402', '//x/y#z', ':wc', 'x', '/path?q=1']
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/)
const host = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'app', 'io')).map(([labels, top]) => [...labels, top].join('.'))
const portPart = fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }).map((p) => (p === undefined ? '' : `:${p}`))
const pathPart = fc.constantFrom('', '/', '/wc', '/wc?uri=abc', '/a/b#c')
const mixedCase = (s: string, upper: boolean[]) => Array.from(s, (c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c)).join('')
const OPTIONS = [{}, { allowLoopbackHttp: false }, { allowLoopbackHttp: true }] as const

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

  test('edge: a link of 2048 characters opens, one of 2049 is refused', () => {
    const ofLength = (start: string, length: number) => start + 'a'.repeat(length - start.length)
    for (const start of ['https://link.example/wc?uri=', 'examplewallet://wc?uri=']) {
      const longest = ofLength(start, 2048)
      const tooLong = ofLength(start, 2049)
      expect(longest).toHaveLength(2048)
      expect(() => new URL(tooLong)).not.toThrow()
      for (const options of OPTIONS) {
        expect(safeWalletLink(longest, 'app', options)).toBe(longest)
        expect(safeWalletLink(tooLong, 'app', options)).toBeNull()
      }
    }
    expect(safeWalletLink(ofLength('https://link.example/', 2048), 'web')).toBe(ofLength('https://link.example/', 2048))
    expect(safeWalletLink(ofLength('https://link.example/', 2049), 'web')).toBeNull()
    expect(safeWalletLink(ofLength('http://localhost:3000/', 2049), 'web', { allowLoopbackHttp: true })).toBeNull()
  })

  test('edge: the empty string and anything not a string are refused, even a URL object, an array or an object that prints as a good link', () => {
    const good = 'https://link.example/wc'
    const notStrings: unknown[] = [new URL(good), [good], { toString: () => good }, new String(good), 42, true, null, undefined, {}]
    for (const value of ['', ...notStrings]) {
      for (const options of OPTIONS) {
        expect(safeWalletLink(value, 'app', options), String(value)).toBeNull()
        expect(safeWalletLink(value, 'web', options), String(value)).toBeNull()
      }
    }
  })

  test('error: a link the URL parser accepts is refused if it holds whitespace, a quote, < >, a backtick or a backslash', () => {
    for (const c of [' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u2028', '\u3000', '\ufeff', '<', '>', '"', "'", '`', '\\']) {
      for (const link of [`https://link.example/wc?uri=a${c}b`, `examplewallet://wc?uri=a${c}b`, `http://localhost:3000/wc?uri=a${c}b`]) {
        expect(() => new URL(link)).not.toThrow()
        expect(safeWalletLink(link, 'app', { allowLoopbackHttp: true }), JSON.stringify(link)).toBeNull()
        expect(safeWalletLink(link, 'web', { allowLoopbackHttp: true }), JSON.stringify(link)).toBeNull()
      }
    }
  })

  test('error: a password without a user name is credentials too, and refused', () => {
    for (const link of ['https://:pw@link.example/wc', 'https://:pw@link.example', 'examplewallet://:pw@wc', 'http://:pw@localhost:3000/wc']) {
      expect(new URL(link).password).toBe('pw')
      expect(new URL(link).username).toBe('')
      for (const options of OPTIONS) {
        expect(safeWalletLink(link, 'app', options), link).toBeNull()
        expect(safeWalletLink(link, 'web', options), link).toBeNull()
      }
    }
  })

  test('error: the scheme must be written plainly at the start: a leading control character (dropped by the URL parser) or a scheme over 64 characters is refused', () => {
    const links = ['\u0001examplewallet://wc', '\u001fexamplewallet:wc', '\u0000wallet://', '\u0001undefined:x', '\u0008UNDEFINED://wc', 'a'.repeat(65) + '://wc']
    for (const link of links) {
      expect(() => new URL(link)).not.toThrow()
      for (const options of OPTIONS) {
        expect(safeWalletLink(link, 'app', options), JSON.stringify(link)).toBeNull()
        expect(safeWalletLink(link, 'web', options), JSON.stringify(link)).toBeNull()
      }
    }
    const longest = 'a'.repeat(64) + '://wc'
    expect(safeWalletLink(longest, 'app')).toBe(longest)
  })

  test('behavior: the registry edge drops an OS handler link, and keeps the wallet', () => {
    const page = walletPageSchema.parse({ count: 1, data: [{ id: 'a1', name: 'Wallet', image_id: 'img1', mobile_link: 'ms-msdt:?id=x', desktop_link: 'search-ms:query=x', webapp_link: 'shell:startup', rdns: 'x.y', chains: ['eip155:1'] }] })
    expect(page.wallets[0]).toMatchObject({ id: 'a1', mobile_link: null, desktop_link: null, webapp_link: null })
  })

  test('error: every entry of the deny list is refused, in any case and spelling, for apps and the web', () => {
    for (const scheme of DENIED) {
      expect(isDeniedScheme(scheme), scheme).toBe(true)
      for (const rest of LINK_REST) {
        for (const link of [`${scheme}:${rest}`, `${scheme.toUpperCase()}:${rest}`]) {
          for (const options of OPTIONS) {
            expect(safeWalletLink(link, 'app', options), link).toBeNull()
            expect(safeWalletLink(link, 'web', options), link).toBeNull()
          }
        }
      }
    }
    for (const prefix of DENIED_FAMILIES) {
      for (const name of [prefix, `${prefix}x`, `${prefix}settings`, `${prefix}-app.2`]) expect(safeWalletLink(`${name}://x`, 'app'), name).toBeNull()
    }
    expect(safeWalletLink('intent://scan/#Intent;scheme=zxing;end', 'app', { allowLoopbackHttp: true })).toBeNull()
    expect(safeWalletLink('INTENT://scan/#Intent;scheme=zxing;end', 'app')).toBeNull()
  })

  test('property: an app scheme made of allowed characters opens exactly as written unless it is an OS handler; never on the web', () => {
    const freeScheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,15}$/)
    const scheme = fc
      .oneof(freeScheme, fc.constantFrom(...DENIED), fc.tuple(fc.constantFrom(...DENIED_FAMILIES), fc.stringMatching(/^[a-z0-9+.-]{0,8}$/)).map(([a, b]) => a + b))
      .filter((s) => s !== 'http' && s !== 'https')
    fc.assert(
      fc.property(scheme, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.constantFrom(...LINK_REST), fc.constantFrom(...OPTIONS), (name, upper, rest, options) => {
        const link = `${mixedCase(name, upper)}:${rest}`
        expect(safeWalletLink(link, 'app', options), link).toBe(deniedByTest(name) ? null : link)
        expect(safeWalletLink(link, 'web', options), link).toBeNull()
        expect(isDeniedScheme(name), name).toBe(deniedByTest(name))
      }),
      { numRuns: 300 },
    )
  })

  test('property: an https link to a named host is returned as written, for apps and the web; the same link over http is refused', () => {
    fc.assert(
      fc.property(host, portPart, pathPart, fc.boolean(), fc.constantFrom(...OPTIONS), (h, port, path, upper, options) => {
        const link = `${upper ? 'HTTPS' : 'https'}://${h}${port}${path}`
        expect(safeWalletLink(link, 'app', options)).toBe(link)
        expect(safeWalletLink(link, 'web', options)).toBe(link)
        const plain = `http://${h}${port}${path}`
        expect(safeWalletLink(plain, 'app', options)).toBeNull()
        expect(safeWalletLink(plain, 'web', options)).toBeNull()
        // Credentials in front of the host are refused (the link reads like one host and goes to another).
        expect(safeWalletLink(`https://${h}${port}@${h}.evil.example${path}`, 'web', options)).toBeNull()
        expect(safeWalletLink(`https://user:pw@${h}${path}`, 'app', options)).toBeNull()
      }),
      { numRuns: 200 },
    )
  })

  test('property: plain http opens only to localhost, 127.0.0.1 or [::1], and only with allowLoopbackHttp', () => {
    const loopback = fc.constantFrom('localhost', 'LocalHost', '127.0.0.1', '[::1]')
    fc.assert(
      fc.property(loopback, portPart, pathPart, fc.constantFrom<'app' | 'web'>('app', 'web'), (h, port, path, kind) => {
        const link = `http://${h}${port}${path}`
        expect(safeWalletLink(link, kind, { allowLoopbackHttp: true })).toBe(link)
        expect(safeWalletLink(link, kind, { allowLoopbackHttp: false })).toBeNull()
        expect(safeWalletLink(link, kind)).toBeNull()
      }),
      { numRuns: 200 },
    )
  })

  test('property: look-alike loopback hosts are refused even with allowLoopbackHttp (review item 6)', () => {
    const loopback = fc.constantFrom('localhost', '127.0.0.1')
    const lookAlike = fc.tuple(loopback, host, label, fc.integer({ min: 1, max: 65_535 })).chain(([h, evil, extra, port]) =>
      fc.constantFrom(
        `${h}.${evil}`,
        `${h}.${evil}:${port}`,
        `${extra}.${h}`,
        `${h}${extra}`,
        `${h}-${extra}.${evil}`,
        `${h}:${port}@${evil}`,
        `${h}@${evil}`,
        `${evil}@${h}`,
        `${evil}:${port}@${h}:${port}`,
        `${evil}/${h}`,
        `127.0.0.2`,
        `127.1.2.3:${port}`,
        `localhost.`,
      ),
    )
    fc.assert(
      fc.property(lookAlike, pathPart, fc.constantFrom<'app' | 'web'>('app', 'web'), (authority, path, kind) => {
        const link = `http://${authority}${path}`
        expect(safeWalletLink(link, kind, { allowLoopbackHttp: true }), link).toBeNull()
        expect(safeWalletLink(link, kind), link).toBeNull()
      }),
      { numRuns: 200 },
    )
    for (const link of ['http://localhost.evil.example/wc', 'http://127.0.0.1.evil.example/wc', 'http://localhost:80@evil.example', 'http://localhost@evil.example/wc', 'http://localhostevil.example/wc', 'http://127.0.0.1:3000@evil.example/wc']) {
      expect(safeWalletLink(link, 'web', { allowLoopbackHttp: true }), link).toBeNull()
      expect(safeWalletLink(link, 'app', { allowLoopbackHttp: true }), link).toBeNull()
    }
  })

  test('behavior: the registry edge (which always allows loopback http) keeps true loopback links and drops look-alikes, keeping the wallet', () => {
    const wallet = (links: Record<string, string>) => walletPageSchema.parse({ count: 1, data: [{ id: 'a1', name: 'Wallet', image_id: 'img1', rdns: 'x.y', chains: ['eip155:1'], ...links }] }).wallets[0]
    expect(wallet({ mobile_link: 'http://localhost:3000/wc', desktop_link: 'http://127.0.0.1:3000/wc', webapp_link: 'http://[::1]:3000/wc' })).toMatchObject({
      mobile_link: 'http://localhost:3000/wc',
      desktop_link: 'http://127.0.0.1:3000/wc',
      webapp_link: 'http://[::1]:3000/wc',
    })
    expect(wallet({ mobile_link: 'http://localhost.evil.example/wc', desktop_link: 'http://127.0.0.1.evil.example/wc', webapp_link: 'http://localhost:80@evil.example' })).toMatchObject({
      id: 'a1',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
    })
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
