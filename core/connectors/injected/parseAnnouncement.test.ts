import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LEGACY_INJECTED_ID } from '../../slices/connectors/selectors.js'
import { AUTH_CONNECTOR_ID } from '../auth/authSession.js'
import { RESERVED_CONNECTOR_IDS, isReservedConnectorId } from '../reservedConnectorIds.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletConnect/constants.js'
import { MAX_ICON_LENGTH, parseAnnouncement } from './parseAnnouncement.js'

const provider = { request: async () => null }
const info = { uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'Example Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: 'com.example.wallet' }

describe('parseAnnouncement', () => {
  test('default: an EIP-6963 announcement becomes an ANNOUNCED connector keyed by rdns', () => {
    expect(parseAnnouncement({ info, provider })).toEqual({
      connector: { id: 'com.example.wallet', name: 'Example Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'com.example.wallet', uuid: info.uuid, icon: info.icon, installed: true },
      provider,
    })
  })

  test('behavior: icons other than small data:image URIs are dropped, the wallet is kept', () => {
    for (const icon of ['https://evil.example/x.svg', 'javascript:alert(1)', 'data:text/html,<b>x</b>', `data:image/png;base64,${'A'.repeat(MAX_ICON_LENGTH)}`, 42]) {
      const parsed = parseAnnouncement({ info: { ...info, icon }, provider })
      expect(parsed?.connector.id).toBe('com.example.wallet')
      expect(parsed?.connector).not.toHaveProperty('icon')
    }
    for (const icon of ['data:image/png;base64,iVBORw0KGgo=', 'data:image/webp;base64,UklGRg==', 'data:image/svg+xml,%3Csvg/%3E']) {
      expect(parseAnnouncement({ info: { ...info, icon }, provider })?.connector.icon).toBe(icon)
    }
  })

  test('behavior: names are cleaned and cut to 64 characters; absurd or empty ones are refused', () => {
    expect(parseAnnouncement({ info: { ...info, name: `  ${'W'.repeat(200)}  ` }, provider })?.connector.name).toBe(`${'W'.repeat(63)}…`)
    expect(parseAnnouncement({ info: { ...info, name: 'Evil\u202Etellaw\u0000 \n Wallet' }, provider })?.connector.name).toBe('Eviltellaw Wallet')
    expect(parseAnnouncement({ info: { ...info, name: 'x'.repeat(100_000) }, provider })).toBeNull()
    expect(parseAnnouncement({ info: { ...info, name: ' \u200b ' }, provider })).toBeNull()
  })

  test('behavior: an invalid rdns falls back to the uuid; the legacy id cannot be taken', () => {
    expect(parseAnnouncement({ info: { ...info, rdns: 'not a domain' }, provider })?.connector).toMatchObject({ id: info.uuid })
    expect(parseAnnouncement({ info: { ...info, rdns: undefined }, provider })?.connector).not.toHaveProperty('rdns')
    expect(parseAnnouncement({ info: { ...info, rdns: undefined, uuid: 'injected' }, provider })).toBeNull()
  })

  test('behavior: no uuid or id of a built-in connector (auth, walletConnect, injected), in any case (review L-5)', () => {
    for (const id of RESERVED_CONNECTOR_IDS) expect(isReservedConnectorId(id)).toBe(true)
    expect([...RESERVED_CONNECTOR_IDS].sort()).toEqual([AUTH_CONNECTOR_ID, LEGACY_INJECTED_ID, WALLET_CONNECT_CONNECTOR_ID].sort())
    for (const uuid of ['auth', 'walletConnect', 'injected', 'AUTH', 'walletconnect', ' Injected ']) {
      expect(parseAnnouncement({ info: { ...info, rdns: undefined, uuid }, provider }), uuid).toBeNull()
      expect(parseAnnouncement({ info: { ...info, rdns: 'not a domain', uuid }, provider }), uuid).toBeNull()
      expect(parseAnnouncement({ info: { ...info, uuid }, provider }), uuid).toBeNull()
    }
    expect(parseAnnouncement({ info: { ...info, rdns: undefined, uuid: 'authority' }, provider })?.connector.id).toBe('authority')
  })

  test('behavior: no provider, a provider without request, missing info: ignored', () => {
    for (const detail of [null, undefined, 'x', [], {}, { info }, { info, provider: {} }, { info, provider: { request: 'no' } }, { provider }, { info: { ...info, uuid: '' }, provider }]) {
      expect(parseAnnouncement(detail)).toBeNull()
    }
  })

  test('behavior: a detail that throws while being read is ignored', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('trap') }, has: () => { throw new Error('trap') } })
    expect(parseAnnouncement(hostile)).toBeNull()
    expect(parseAnnouncement({ info: hostile, provider })).toBeNull()
  })

  describe('property: generated announcements with a known verdict', () => {
    /** A clean display name: printable, single spaces, no edge spaces, 1 to 64 characters. */
    const cleanWord = fc.stringMatching(/^[!-~]{1,10}$/)
    const displayName = fc.array(cleanWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ')).filter((n) => n.length <= 64)
    /** Characters the parser removes (control, zero-width, direction overrides, BOM), written out here. */
    const JUNK = ['\u0000', '\u001f', '\u007f', '\u0085', '\u200b', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\ufeff']
    /** The name with junk put between its characters, which the parser must remove again. */
    const dirtied = fc.tuple(displayName, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...JUNK)), { maxLength: 4 }), fc.constantFrom('', ' ', '\t\n ')).map(([clean, inserts, pad]) => {
      const chars = Array.from(clean)
      for (const [at, junk] of inserts) chars.splice(at % (chars.length + 1), 0, junk)
      return { clean, raw: `${pad}${chars.join('')}${pad}` }
    })
    const RESERVED = ['injected', 'auth', 'walletconnect']
    const uuid = fc.oneof(fc.uuid(), fc.stringMatching(/^[!-~]{1,128}$/).filter((u) => !RESERVED.includes(u.toLowerCase())))
    const padding = fc.constantFrom('', ' ', '\t', ' \n ')
    const rdnsLabel = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,6}[a-zA-Z0-9])?$/)
    const goodRdns = fc.array(rdnsLabel, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.'))
    const BAD_RDNS = ['io', 'not a domain', '-io.metamask', 'io-.metamask', 'io..metamask', '.io.metamask', 'io.metamask.', 'io.meta_mask', 'io.metamask/x', `${'a.'.repeat(128)}io`, 42, null]
    const goodIcon = fc
      .tuple(fc.constantFrom('svg+xml', 'png', 'jpeg', 'webp', 'gif', 'PNG'), fc.constantFrom('', ';base64', ';charset=utf-8', ';charset=utf-8;base64'), fc.stringMatching(/^[A-Za-z0-9+/=%]{0,40}$/))
      .map(([type, params, body]) => `data:image/${type}${params},${body}`)
    const BAD_ICONS = ['https://evil.example/x.svg', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'data:image/bmp;base64,Qk0=', 'data:image/png', ` data:image/png;base64,AA`, `data:image/png;base64,${'A'.repeat(100_000)}`, 42]

    const generated = fc.record({
      name: dirtied,
      uuid: fc.tuple(uuid, padding),
      rdns: fc.oneof(goodRdns, fc.constantFrom(...BAD_RDNS), fc.constant(undefined)),
      icon: fc.oneof(goodIcon, fc.constantFrom(...BAD_ICONS), fc.constant(undefined)),
    })
    type Generated = typeof generated extends fc.Arbitrary<infer T> ? T : never

    /** The raw detail and, by construction, the connector parseAnnouncement must give for it. */
    const build = (g: Generated) => {
      const provider = { request: async () => null }
      const info: Record<string, unknown> = { uuid: `${g.uuid[1]}${g.uuid[0]}${g.uuid[1]}`, name: g.name.raw }
      if (g.rdns !== undefined) info['rdns'] = g.rdns
      if (g.icon !== undefined) info['icon'] = g.icon
      const rdnsKept = typeof g.rdns === 'string' && !BAD_RDNS.includes(g.rdns)
      const iconKept = typeof g.icon === 'string' && !BAD_ICONS.includes(g.icon)
      const connector = {
        id: rdnsKept ? (g.rdns as string).toLowerCase() : g.uuid[0],
        name: g.name.clean,
        type: 'ANNOUNCED',
        namespace: 'eip155',
        ...(rdnsKept ? { rdns: (g.rdns as string).toLowerCase() } : {}),
        uuid: g.uuid[0],
        ...(iconKept ? { icon: g.icon } : {}),
        installed: true,
      }
      return { detail: { info, provider }, provider, connector }
    }

    test('valid: the connector is exactly what was announced (cleaned name, trimmed uuid, lower-case rdns as id, small data:image icon) with the same provider', () => {
      fc.assert(
        fc.property(generated, (g) => {
          const { detail, provider, connector } = build(g)
          const parsed = parseAnnouncement(detail)
          expect(parsed?.connector).toEqual(connector)
          expect(parsed?.provider).toBe(provider)
        }),
        { numRuns: 200 },
      )
    })

    type Detail = ReturnType<typeof build>['detail']
    const withInfo = (d: Detail, info: Record<string, unknown>) => ({ ...d, info })
    const CORRUPTIONS: readonly (readonly [string, (d: Detail) => unknown])[] = [
      ['detail: null', () => null],
      ['detail: a string', () => 'eip6963'],
      ['detail: the info alone', (d) => d.info],
      ['info: missing', ({ info: _info, ...d }) => d],
      ['info: a string', (d) => ({ ...d, info: 'Example Wallet' })],
      ['info: null', (d) => ({ ...d, info: null })],
      ['uuid: missing', (d) => { const { uuid: _u, ...info } = d.info; return withInfo(d, info) }],
      ['uuid: a number', (d) => withInfo(d, { ...d.info, uuid: 42 })],
      ['uuid: empty', (d) => withInfo(d, { ...d.info, uuid: '' })],
      ['uuid: blank', (d) => withInfo(d, { ...d.info, uuid: ' \t ' })],
      ['uuid: 129 characters', (d) => withInfo(d, { ...d.info, uuid: 'u'.repeat(129) })],
      ['uuid: injected', (d) => withInfo(d, { ...d.info, uuid: 'injected' })],
      ['uuid: AUTH', (d) => withInfo(d, { ...d.info, uuid: 'AUTH' })],
      ['uuid: padded walletConnect', (d) => withInfo(d, { ...d.info, uuid: ' walletConnect ' })],
      ['name: missing', (d) => { const { name: _n, ...info } = d.info; return withInfo(d, info) }],
      ['name: a number', (d) => withInfo(d, { ...d.info, name: 7 })],
      ['name: empty', (d) => withInfo(d, { ...d.info, name: '' })],
      ['name: only junk and spaces', (d) => withInfo(d, { ...d.info, name: ' \u202e\u200b \u0000\n' })],
      ['name: 4097 characters', (d) => withInfo(d, { ...d.info, name: 'W'.repeat(4_097) })],
      ['provider: missing', ({ provider: _p, ...d }) => d],
      ['provider: null', (d) => ({ ...d, provider: null })],
      ['provider: without request', (d) => ({ ...d, provider: { send: () => null } })],
      ['provider: request not a function', (d) => ({ ...d, provider: { request: 'eth_accounts' } })],
      ['provider: a function without request', (d) => ({ ...d, provider: () => null })],
    ]

    test('corrupt: any one broken field of a valid announcement gives null', () => {
      fc.assert(
        fc.property(generated, fc.constantFrom(...CORRUPTIONS), (g, [what, corrupt]) => {
          expect(parseAnnouncement(corrupt(build(g).detail)), what).toBeNull()
        }),
        { numRuns: 200 },
      )
      // The bounds themselves are accepted: a 128-character uuid and a 4096-character name (cut for display).
      const { detail } = build({ name: { clean: 'W', raw: 'W' }, uuid: ['u'.repeat(128), ''], rdns: undefined, icon: undefined })
      expect(parseAnnouncement({ ...detail, info: { ...detail.info, uuid: 'u'.repeat(128) } })?.connector.id).toBe('u'.repeat(128))
      expect(parseAnnouncement({ ...detail, info: { ...detail.info, name: 'W'.repeat(4_096) } })?.connector.name).toBe(`${'W'.repeat(63)}…`)
      expect(parseAnnouncement({ ...detail, info: { ...detail.info, name: 'W'.repeat(64) } })?.connector.name).toBe('W'.repeat(64))
    })
  })

  test('property: never throws on any value', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (infoValue, providerValue) => {
        parseAnnouncement({ info: infoValue, provider: providerValue })
        parseAnnouncement(infoValue)
      }),
    )
  })
})
