import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/BaseError.js'
import { airlockDevnet, ethereum } from '../chains/networks.js'
import { DEFAULT_HOSTS, resolveOptions, SIWX_CONFLICT_MESSAGE } from './resolveOptions.js'

describe('resolveOptions', () => {
  test('default: SPEC 1 defaults', () => {
    const { options } = resolveOptions()
    expect(options.features).toEqual({
      email: true,
      socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
      swaps: ['1inch'],
      onramp: ['coinbase', 'meld'],
      activity: true,
      reownBranding: true,
      analytics: true,
      receive: true,
      send: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      emailShowWallets: true,
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
    })
    for (const flag of ['debug', 'enableWalletConnect', 'enableWalletGuide', 'enableWallets', 'enableEIP6963', 'enableNetworkSwitch', 'enableAuthLogger'] as const) {
      expect(options[flag]).toBe(true)
    }
    expect(options.networks).toEqual([ethereum])
    expect(options.defaultNetwork.caipNetworkId).toBe('eip155:1')
    expect(options.projectId).toBeNull()
    expect(options.apiUrl).toBe(DEFAULT_HOSTS.apiUrl)
    expect(options.localFeatureKeys).toEqual([])
    expect(options.defaultAccountTypes).toMatchObject({ bip122: 'payment', eip155: 'smartAccount', polkadot: 'eoa', solana: 'eoa' })
  })

  test('parameters: flags set false stay false', () => {
    const { options } = resolveOptions({ debug: false, enableEIP6963: false, enableWalletConnect: false })
    expect([options.debug, options.enableEIP6963, options.enableWalletConnect]).toEqual([false, false, false])
  })

  test('parameters: features', () => {
    const { options } = resolveOptions({ features: { socials: false, email: false, swaps: true, history: false, connectMethodsOrder: ['wallet', 'email'], analytics: false } })
    expect(options.features).toMatchObject({ socials: false, email: false, swaps: ['1inch'], activity: false, connectMethodsOrder: ['wallet', 'email'], analytics: false })
    expect(options.localFeatureKeys).toEqual(['email', 'socials', 'swaps', 'activity'])
  })

  test('parameters: service hosts, trailing slashes trimmed', () => {
    const { options } = resolveOptions({ apiUrl: 'http://127.0.0.1:8787/', analyticsUrl: 'http://127.0.0.1:8787' })
    expect(options.apiUrl).toBe('http://127.0.0.1:8787')
    expect(options.analyticsUrl).toBe('http://127.0.0.1:8787')
  })

  test('parameters: networks and defaultNetwork', () => {
    const { options } = resolveOptions({ networks: [ethereum, airlockDevnet], defaultNetwork: airlockDevnet })
    expect(options.defaultNetwork.id).toBe(31337)
  })

  test('behavior: both siweConfig and siwx throw the SPEC message', () => {
    expect(() => resolveOptions({ siweConfig: {} as never, siwx: {} as never })).toThrow(SIWX_CONFLICT_MESSAGE)
    expect(SIWX_CONFLICT_MESSAGE).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect(resolveOptions({ siwx: stubSiwx }).options.siwxEnabled).toBe(true)
  })

  test('behavior: siwx and siweConfig are checked for their methods and kept as given', () => {
    expect(() => resolveOptions({ siwx: { verify: () => true } } as never)).toThrow(/siwx\.createMessage: Expected function/)
    expect(() => resolveOptions({ siweConfig: { getNonce: () => 'n' } } as never)).toThrow(/siweConfig\.verifyMessage: Expected function/)
    // A class instance keeps its prototype (and `this`): the host's object itself is returned.
    class HostSiwx {
      readonly required = true
      createMessage = stubSiwx.createMessage
      addSession = stubSiwx.addSession
      getSessions = stubSiwx.getSessions
      revokeSession = stubSiwx.revokeSession
      setSessions = stubSiwx.setSessions
      getRequired() {
        return this.required
      }
    }
    const host = new HostSiwx()
    expect(resolveOptions({ siwx: host }).siwx).toBe(host)
    const legacy = resolveOptions({ siweConfig: { getNonce: async () => 'n0nce123', verifyMessage: async () => true, getSession: async () => null, signOut: async () => true } })
    expect(legacy.options.siwxEnabled).toBe(true)
    expect(legacy.siwx?.getRequired()).toBe(true)
  })

  test('behavior: invalid options throw a BaseError naming the field', () => {
    const attempt = () => resolveOptions({ features: { socials: ['myspace'] } } as never)
    expect(attempt).toThrow(BaseError)
    expect(attempt).toThrow('Invalid options')
    expect(attempt).toThrow(/features\.socials: Invalid input/)
    expect(() => resolveOptions({ features: { email: 'yes' } } as never)).toThrow('features.email: Expected boolean, received string')
    expect(() => resolveOptions({ apiUrl: 'javascript:alert(1)' })).toThrow(/Invalid options/)
    expect(() => resolveOptions({ unknownOption: 1 } as never)).toThrow(/Unrecognized key/)
    expect(() => resolveOptions({ features: { connectMethodsOrder: ['wallet', 'wallet'] } })).toThrow(/Invalid options/)
  })

  test('behavior: the resolved options are plain data (they live in state)', () => {
    const { options } = resolveOptions({ projectId: 'p', siwx: stubSiwx })
    expect(JSON.parse(JSON.stringify(options))).toEqual(options)
  })
})

const stubSiwx = {
  createMessage: async () => {
    throw new Error('not used')
  },
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
  setSessions: async () => undefined,
  getRequired: () => false,
}
