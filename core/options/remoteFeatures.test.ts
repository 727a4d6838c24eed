import { describe, expect, test } from 'vitest'
import { applyRemoteFeatures, remoteConfigSchema } from './remoteFeatures.js'

describe('applyRemoteFeatures', () => {
  test('default: every remote feature decides its value', () => {
    const config = remoteConfigSchema.parse({
      features: [
        { id: 'social_login', isEnabled: true, config: ['email', 'google', 'github', 'myspace'] },
        { id: 'swap', isEnabled: false, config: ['1inch'] },
        { id: 'onramp', isEnabled: true, config: ['meld'] },
        { id: 'activity', isEnabled: false },
        { id: 'reown_branding', isEnabled: false, config: null },
        { id: 'something_new', isEnabled: true },
      ],
    })
    expect(applyRemoteFeatures(config, [])).toEqual({
      features: { email: true, socials: ['google', 'github'], swaps: false, onramp: ['meld'], activity: false, reownBranding: false },
      ignoredLocal: [],
    })
  })

  test('behavior: explicit local values that the remote decides are reported as ignored', () => {
    const config = remoteConfigSchema.parse({ features: [{ id: 'social_login', isEnabled: false, config: [] }] })
    expect(applyRemoteFeatures(config, ['email', 'swaps'])).toEqual({ features: { email: false, socials: false }, ignoredLocal: ['email'] })
  })

  test('behavior: a null config keeps the local value', () => {
    const config = remoteConfigSchema.parse({ features: [{ id: 'social_login', isEnabled: true, config: null }, { id: 'swap', isEnabled: true, config: null }] })
    expect(applyRemoteFeatures(config, ['email', 'swaps'])).toEqual({ features: {}, ignoredLocal: [] })
  })

  test('behavior: malformed bodies are rejected by the schema', () => {
    expect(remoteConfigSchema.safeParse({ features: 'all' }).success).toBe(false)
    expect(remoteConfigSchema.safeParse({}).success).toBe(false)
    expect(remoteConfigSchema.safeParse({ features: [{ id: 1, isEnabled: 'yes' }] }).success).toBe(false)
  })
})
