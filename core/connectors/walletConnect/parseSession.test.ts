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

  test('property: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (metadata, accounts) => {
        parseSession(metadata)
        parseSession(session({ name: metadata, icons: metadata, url: metadata }, accounts))
      }),
    )
  })
})
