import { describe, expect, test } from 'vitest'
import { applyVerify, defaultVerify, type UniversalProviderLike } from './universalProvider.js'

/** A provider whose core has the SDK's Verify controller as @walletconnect/core 2.25 builds it (the two members Airlock touches). */
function providerWithVerify() {
  const calls: unknown[] = []
  const verify = { verifyUrlV3: 'https://verify.walletconnect.org/v3', register: async (params: unknown) => (calls.push(params), 'sdk-attestation') }
  const provider = { client: { core: { verify } } } as unknown as UniversalProviderLike
  return { provider, verify, calls }
}

describe('WalletConnect Verify policy', () => {
  test('default: on with WalletConnect\'s relay or any remote relay, off with a relay on this machine', () => {
    expect(defaultVerify('wss://relay.walletconnect.org')).toBe(true)
    expect(defaultVerify('wss://relay.example.com:443')).toBe(true)
    expect(defaultVerify('ws://127.0.0.1:8788')).toBe(false)
    expect(defaultVerify('ws://localhost:8788')).toBe(false)
    expect(defaultVerify('ws://[::1]:8788')).toBe(false)
    expect(defaultVerify('not a url')).toBe(true)
  })

  test('behavior: off answers an empty attestation without asking the SDK (no iframe, no 5 s wait); on leaves the SDK as it is', async () => {
    const off = providerWithVerify()
    applyVerify(off.provider, false)
    expect(await off.verify.register({ id: 'a', decryptedId: 'b' })).toBe('')
    expect(off.calls).toEqual([])
    const on = providerWithVerify()
    applyVerify(on.provider, true)
    applyVerify(on.provider, undefined)
    expect(await on.verify.register({ id: 'a' })).toBe('sdk-attestation')
    expect(on.verify.verifyUrlV3).toBe('https://verify.walletconnect.org/v3')
  })

  test('behavior: a URL points the attestation iframe at that host\'s /v3 (a trailing slash is fine); a provider without Verify is left alone', () => {
    const custom = providerWithVerify()
    applyVerify(custom.provider, 'https://verify.example.com/')
    expect(custom.verify.verifyUrlV3).toBe('https://verify.example.com/v3')
    expect(() => applyVerify({} as UniversalProviderLike, false)).not.toThrow()
  })
})
