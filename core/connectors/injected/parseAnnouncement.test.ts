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

  test('property: never throws on any value', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (infoValue, providerValue) => {
        parseAnnouncement({ info: infoValue, provider: providerValue })
        parseAnnouncement(infoValue)
      }),
    )
  })
})
