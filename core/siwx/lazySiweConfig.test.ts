import { describe, expect, test } from 'vitest'
import { fromSiweConfig } from './fromSiweConfig.js'
import { lazySiweConfig } from './lazySiweConfig.js'
import type { SiweConfig } from './types.js'

const siwe = (required?: boolean): SiweConfig => ({
  getNonce: async () => 'n0nce123',
  verifyMessage: async () => true,
  getSession: async () => ({ address: '0xAbC', chainId: 1 }),
  signOut: async () => true,
  ...(required === undefined ? {} : { required }),
})

describe('lazySiweConfig', () => {
  test('behavior: answers like fromSiweConfig once its code is in', async () => {
    const config = siwe()
    const lazy = lazySiweConfig(config)
    const eager = fromSiweConfig(config)
    expect(await lazy.getSessions('eip155:1', '0xabc')).toEqual(await eager.getSessions('eip155:1', '0xabc'))
    expect(await lazy.getSessions('solana:x', '0xabc')).toEqual([])
    await expect(lazy.revokeSession('eip155:1', '0xabc')).resolves.toBeUndefined()
  })

  test('behavior: getRequired stays synchronous (default true)', () => {
    expect(lazySiweConfig(siwe()).getRequired()).toBe(true)
    expect(lazySiweConfig(siwe(false)).getRequired()).toBe(false)
  })
})
