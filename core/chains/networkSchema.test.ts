import fc from 'fast-check'
import type { z } from 'zod'
import { describe, expect, test } from 'vitest'
import { networkSchema } from './networkSchema.js'
import { base, bitcoin, ethereum } from './networks.js'

describe('networkSchema', () => {
  test('default', () => {
    // Type-level: a catalogue Network is a valid schema input, so hosts get typed options.
    const input: z.input<typeof networkSchema> = base
    expect(networkSchema.parse(input)).toEqual(base)
    expect(networkSchema.parse(bitcoin)).toEqual(bitcoin)
  })

  test('behavior: strips unknown keys so only plain data reaches state', () => {
    const withExtras = { ...ethereum, contracts: { multicall3: { address: '0xca11' } }, formatters: { block: () => null } }
    const parsed = networkSchema.parse(withExtras)
    expect(parsed).toEqual(ethereum)
    expect(parsed).not.toHaveProperty('formatters')
  })

  test.each([
    ['caipNetworkId of another chain', { ...ethereum, caipNetworkId: 'eip155:10' }],
    ['namespace mismatch', { ...ethereum, chainNamespace: 'solana' }],
    ['string id on eip155', { ...ethereum, id: '1' }],
    ['unknown namespace', { ...ethereum, chainNamespace: 'evm', caipNetworkId: 'evm:1' }],
    ['no RPC url', { ...ethereum, rpcUrls: { default: { http: [] } } }],
    ['non-http RPC url', { ...ethereum, rpcUrls: { default: { http: ['javascript:alert(1)'] } } }],
    ['negative decimals', { ...ethereum, nativeCurrency: { ...ethereum.nativeCurrency, decimals: -1 } }],
    ['fractional decimals', { ...ethereum, nativeCurrency: { ...ethereum.nativeCurrency, decimals: 1.5 } }],
    ['explorer with a javascript url', { ...ethereum, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)' } } }],
    ['missing name', { ...ethereum, name: '' }],
  ])('behavior: rejects %s', (_, value) => {
    expect(networkSchema.safeParse(value).success).toBe(false)
  })

  test('behavior: accepts a host-defined network with a websocket and a chainDefault', () => {
    const custom = {
      id: 'cosmoshub-4',
      name: 'Cosmos Hub',
      chainNamespace: 'cosmos',
      caipNetworkId: 'cosmos:cosmoshub-4',
      nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
      rpcUrls: { default: { http: ['https://rpc.example'], webSocket: ['wss://rpc.example'] }, chainDefault: { http: [] } },
      assets: { imageUrl: 'https://img.example/atom.png' },
    }
    expect(networkSchema.parse(custom)).toEqual(custom)
  })

  test('property: never throws on any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof networkSchema.safeParse(value).success).toBe('boolean')
      }),
    )
  })
})
