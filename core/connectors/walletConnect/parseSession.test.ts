import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseSession } from './parseSession.js'
import { walletConnectConnectorInfo } from './sessionActions.js'

/** The wallet's side of a settled session is outside data (peer metadata, accounts): checked here. */
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const session = (metadata: Record<string, unknown>, accounts: unknown = [`eip155:1:${EVM}`]) => ({
  topic: 'a'.repeat(64),
  namespaces: { eip155: { accounts, methods: [], events: [] } },
  peer: { metadata },
})

describe('parseSession', () => {
  test('default: accounts per family and the peer name, https URL and icon', () => {
    expect(parseSession(session({ name: ' Rainbow ', url: 'https://rainbow.me', icons: ['https://rainbow.me/icon.png'] }))).toEqual({
      topic: 'a'.repeat(64),
      peer: { name: 'Rainbow', url: 'https://rainbow.me', icon: 'https://rainbow.me/icon.png' },
      accounts: { eip155: [`eip155:1:${EVM}`] },
    })
  })

  test('behavior: markup in the name stays plain text (rendered as text), capped at 64 characters; no name gets a neutral one', () => {
    const evil = '<img src=x onerror="alert(1)">Evil Wallet'
    expect(parseSession(session({ name: evil }))?.peer.name).toBe(evil)
    expect(parseSession(session({ name: 'x'.repeat(500) }))?.peer.name).toHaveLength(64)
    expect(parseSession(session({ name: 42 }))?.peer.name).toBe('WalletConnect wallet')
    expect(parseSession(session({}))?.peer).toEqual({ name: 'WalletConnect wallet' })
  })

  test('error: icons and URLs that are not https or an image data URI are dropped', () => {
    for (const icon of ['javascript:alert(1)', 'http://wallet.example/i.png', 'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,a" onerror="x', 'file:///etc/passwd', `data:image/png;base64,${'A'.repeat(30_000)}`, 7]) {
      expect(parseSession(session({ name: 'W', icons: [icon], url: 'javascript:alert(1)' }))?.peer).toEqual({ name: 'W' })
    }
    // The first usable one wins; an inline image is also kept on the connector, an https one only on the peer.
    expect(parseSession(session({ name: 'W', icons: ['javascript:x', PNG] }))?.peer.icon).toBe(PNG)
    expect(walletConnectConnectorInfo('W', PNG).icon).toBe(PNG)
    expect(walletConnectConnectorInfo('W', 'https://w.example/i.png').icon).toBeUndefined()
  })

  test('error: malformed sessions and accounts are refused', () => {
    expect(parseSession(undefined)).toBeUndefined()
    expect(parseSession({ topic: '', namespaces: {}, peer: { metadata: {} } })).toBeUndefined()
    expect(parseSession(session({ name: 'W' }, ['not an account']))).toBeUndefined()
    expect(parseSession(session({ name: 'W' }, Array.from({ length: 101 }, () => `eip155:1:${EVM}`)))).toBeUndefined()
  })

  describe('property: generated sessions with a known verdict', () => {
    /** The chain families Airlock reads, written out here (chains/types.ts CHAIN_NAMESPACES). */
    const KNOWN = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
    /** CAIP-10 parts (namespace 3–8 of [-a-z0-9], reference 1–32 of [-_a-zA-Z0-9], address 1–128 of [-.%a-zA-Z0-9]). */
    const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789']
    const reference = fc.string({ unit: fc.constantFrom(...ALNUM, '-', '_'), minLength: 1, maxLength: 32 })
    const address = fc.string({ unit: fc.constantFrom(...ALNUM, '-', '.', '%'), minLength: 1, maxLength: 128 })
    const accountsOf = (ns: string) => fc.uniqueArray(fc.tuple(reference, address).map(([r, a]) => `${ns}:${r}:${a}`), { minLength: 0, maxLength: 4 })
    /** Per known family: its accounts and whether the wallet keys them by family (`eip155`) or by chain (`eip155:1`). */
    const family = (ns: string) => fc.record({ accounts: accountsOf(ns), byChain: fc.option(reference, { nil: undefined }), duplicate: fc.boolean() })
    const families = fc.record(Object.fromEntries(KNOWN.map((ns) => [ns, fc.option(family(ns), { nil: undefined })])) as Record<(typeof KNOWN)[number], fc.Arbitrary<{ accounts: string[]; byChain: string | undefined; duplicate: boolean } | undefined>>)
    /** A trimmed, non-blank printable name (often longer than the 64 shown), with padding the parser trims. */
    const name = fc.tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 60, maxLength: 80 })).filter((n) => n.trim() === n && n.length > 0), fc.constantFrom('', ' ', '  \t'), fc.constantFrom('', ' ', '\n '))
    const httpsUrl = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}\.(com|app|io)$/), fc.constantFrom('', '/', '/wallet?x=1')).map(([h, path]) => `https://${h}${path}`)
    const goodIcon = fc.oneof(httpsUrl.map((u) => `${u}#icon.png`), fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:image/svg+xml,%3Csvg/%3E', 'data:image/webp;base64,UklGRg=='))
    const BAD_ICONS = ['javascript:alert(1)', 'http://wallet.example/i.png', 'data:text/html,<b>', 'file:///etc/passwd', 7, null, 'https://a b.example/i.png']
    const BAD_URLS = ['http://wallet.example', 'javascript:alert(1)', 'https://', 'https://a b.example', 42, `https://${'a'.repeat(201)}`]

    const validSession = fc.record({
      topic: fc.string({ minLength: 1, maxLength: 70 }),
      families,
      foreign: fc.boolean(),
      name: fc.option(name, { nil: undefined }),
      url: fc.oneof(httpsUrl, fc.constantFrom(...BAD_URLS), fc.constant(undefined)),
      icons: fc.option(fc.tuple(fc.array(fc.constantFrom(...BAD_ICONS), { maxLength: 12 }), fc.option(goodIcon, { nil: undefined }), fc.array(fc.oneof(goodIcon, fc.constantFrom(...BAD_ICONS)), { maxLength: 3 })), { nil: undefined }),
    })

    type Generated = typeof validSession extends fc.Arbitrary<infer T> ? T : never
    /** Builds the raw session and, by construction, what parseSession must give for it. */
    const build = (g: Generated) => {
      const namespaces: Record<string, { accounts: string[]; methods: string[]; events: string[] }> = {}
      const accounts: Record<string, string[]> = {}
      for (const ns of KNOWN) {
        const f = g.families[ns]
        if (!f) continue
        const listed = f.duplicate && f.accounts.length > 0 ? [...f.accounts, f.accounts[0]!] : f.accounts
        namespaces[f.byChain === undefined ? ns : `${ns}:${f.byChain}`] = { accounts: listed, methods: [], events: [] }
        if (f.accounts.length > 0) accounts[ns] = f.accounts
      }
      // Accounts of a family Airlock does not read, and an account filed under another family's key, are left out.
      if (g.foreign) {
        namespaces['tron'] = { accounts: ['tron:0x2b6653dc:TXYZ1'], methods: [], events: [] }
        namespaces['near'] = { accounts: ['eip155:1:0xmisfiled'], methods: [], events: [] }
      }
      const metadata: Record<string, unknown> = {}
      if (g.name) metadata['name'] = `${g.name[1]}${g.name[0]}${g.name[2]}`
      if (g.url !== undefined) metadata['url'] = g.url
      // Icons: unusable ones, then perhaps a usable one and anything after it. Only the first 10 are looked at.
      if (g.icons) metadata['icons'] = g.icons[1] === undefined ? g.icons[0] : [...g.icons[0], g.icons[1], ...g.icons[2]]
      const icon = g.icons?.[1] !== undefined && g.icons[0].length < 10 ? g.icons[1] : undefined
      const urlKept = typeof g.url === 'string' && !BAD_URLS.includes(g.url)
      const expected = {
        topic: g.topic,
        peer: {
          name: g.name ? g.name[0].slice(0, 64) : 'WalletConnect wallet',
          ...(urlKept ? { url: g.url } : {}),
          ...(icon !== undefined ? { icon } : {}),
        },
        accounts,
      }
      return { raw: { topic: g.topic, namespaces, peer: { metadata } }, expected }
    }

    test('valid: the output is exactly what was put in (accounts per family, deduplicated, in order; peer name, https URL, first usable icon)', () => {
      fc.assert(
        fc.property(validSession, (g) => {
          const { raw, expected } = build(g)
          expect(parseSession(raw)).toEqual(expected)
        }),
        { numRuns: 200 },
      )
    })

    /** Each corruption breaks exactly one checked field of a valid session; the session must then be refused. */
    const BAD_ACCOUNTS = (good: string) => [
      '',
      'eip155:1',
      'eip155::0xabc',
      'eip155:1:',
      ':1:0xabc',
      'ab:1:0xabc',
      'abcdefghi:1:0xabc',
      'EIP155:1:0xabc',
      `eip155:${'1'.repeat(33)}:0xabc`,
      `eip155:1:${'a'.repeat(129)}`,
      'eip155:1/2:0xabc',
      'eip155:1:0xabc def',
      'eip155:1:0xabc:extra',
      `${good} `,
      ` ${good}`,
      `${good}\n`,
      `x${good}<`,
      42,
      null,
    ]
    type Raw = ReturnType<typeof build>['raw']
    const CORRUPTIONS: readonly (readonly [string, (r: Raw) => unknown])[] = [
      ['topic: empty', (r) => ({ ...r, topic: '' })],
      ['topic: missing', ({ topic: _topic, ...r }) => r],
      ['topic: a number', (r) => ({ ...r, topic: 42 })],
      ['namespaces: missing', ({ namespaces: _n, ...r }) => r],
      ['namespaces: a string', (r) => ({ ...r, namespaces: 'eip155' })],
      ['namespaces: an array', (r) => ({ ...r, namespaces: [r.namespaces] })],
      ['namespaces: null', (r) => ({ ...r, namespaces: null })],
      ['namespace: not an object', (r) => ({ ...r, namespaces: { ...r.namespaces, eip155: 'x' } })],
      ['namespace: no accounts', (r) => ({ ...r, namespaces: { ...r.namespaces, eip155: { methods: [] } } })],
      ['namespace: accounts not an array', (r) => ({ ...r, namespaces: { ...r.namespaces, eip155: { accounts: 'eip155:1:0xabc' } } })],
      ['namespace: 101 accounts', (r) => ({ ...r, namespaces: { ...r.namespaces, eip155: { accounts: Array.from({ length: 101 }, (_, i) => `eip155:1:0x${i}`) } } })],
      ['peer: missing', ({ peer: _p, ...r }) => r],
      ['peer: a string', (r) => ({ ...r, peer: 'Rainbow' })],
      ['peer: no metadata', (r) => ({ ...r, peer: {} })],
      ['peer: metadata a string', (r) => ({ ...r, peer: { metadata: 'Rainbow' } })],
      ['peer: metadata null', (r) => ({ ...r, peer: { metadata: null } })],
    ]
    const corruption = fc.constantFrom(...CORRUPTIONS)

    test('corrupt: any one broken field of a valid session refuses the whole session', () => {
      fc.assert(
        fc.property(validSession, corruption, (g, [what, corrupt]) => {
          const { raw } = build(g)
          expect(parseSession(corrupt(raw)), what).toBeUndefined()
        }),
        { numRuns: 200 },
      )
    })

    test('corrupt: one malformed account anywhere in any namespace refuses the whole session', () => {
      fc.assert(
        fc.property(validSession, fc.nat(), fc.nat(), (g, at, which) => {
          const { raw } = build(g)
          const keys = Object.keys(raw.namespaces)
          const key = keys.length > 0 ? keys[at % keys.length]! : 'eip155'
          const list = raw.namespaces[key]?.accounts ?? []
          const good = list[0] ?? 'eip155:1:0xabc'
          const bads = BAD_ACCOUNTS(good)
          const bad = bads[which % bads.length]
          const accountsWithBad = [...list.slice(0, at % (list.length + 1)), bad, ...list.slice(at % (list.length + 1))]
          expect(parseSession({ ...raw, namespaces: { ...raw.namespaces, [key]: { accounts: accountsWithBad, methods: [], events: [] } } }), String(bad)).toBeUndefined()
        }),
        { numRuns: 200 },
      )
      // The refusals above are for the shape, not the content: each part at its longest is still an account.
      expect(parseSession(session({}, [`abcdefgh:${'1'.repeat(32)}:${'a'.repeat(128)}`]))?.accounts).toEqual({})
      expect(parseSession(session({}, [`eip155:${'_'.repeat(32)}:${'%'.repeat(128)}`]))?.accounts).toEqual({ eip155: [`eip155:${'_'.repeat(32)}:${'%'.repeat(128)}`] })
      expect(parseSession(session({}, Array.from({ length: 100 }, (_, i) => `eip155:1:0x${i}`)))?.accounts.eip155).toHaveLength(100)
    })
  })

  test('property: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (metadata, accounts) => {
        parseSession(metadata)
        parseSession(session({ name: metadata, icons: metadata, url: metadata }, accounts))
      }),
    )
  })
})
