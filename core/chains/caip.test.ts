import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/BaseError.js'
import { caipAddressSchema, caipNetworkIdSchema } from './caipSchemas.js'
import {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.js'
import { CHAIN_NAMESPACES } from './types.js'

const namespace = fc.constantFrom(...CHAIN_NAMESPACES)
const part = fc.string({ minLength: 1, unit: 'binary' }).filter((s) => !s.includes(':'))

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('parseCaipAddress', () => {
  test('default', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({ chainNamespace: 'eip155', chainId: '1', address: '0xabc' })
    expect(parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'So11111111111111111111111111111111111111112',
    })
  })

  test.each([
    ['eip155:1', '3 colon-separated parts, got 2'],
    ['eip155:1:0xabc:extra', 'got 4'],
    ['eip155::0xabc', 'part 2 is empty'],
    ['eip155:1:', 'part 3 is empty'],
    [':1:0xabc', 'part 1 is empty'],
    ['foo:1:0xabc', 'unknown namespace "foo"'],
    ['', 'got 1'],
  ])('behavior: rejects %j with details', (value, detail) => {
    const error = thrown(() => parseCaipAddress(value))
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP address')
    expect((error as BaseError).details).toContain(detail)
  })

  test('behavior: non-string input throws BaseError', () => {
    expect(() => parseCaipAddress(42 as unknown as string)).toThrow(BaseError)
  })

  test('behavior: long input is truncated in details', () => {
    const error = thrown(() => parseCaipAddress(`bad:${'x'.repeat(10_000)}`)) as BaseError
    expect(error.details!.length).toBeLessThan(200)
  })

  test('property: throws only BaseError on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        try {
          const parsed = parseCaipAddress(value)
          expect(`${parsed.chainNamespace}:${parsed.chainId}:${parsed.address}`).toBe(value)
        } catch (error) {
          expect(error).toBeInstanceOf(BaseError)
        }
      }),
    )
  })
})

describe('parseCaipNetworkId', () => {
  test('default', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ chainNamespace: 'eip155', chainId: '1' })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93')).toEqual({
      chainNamespace: 'bip122',
      chainId: '000000000019d6689c085ae165831e93',
    })
  })

  test.each(['eip155', 'eip155:1:0xabc', 'eip155:', ':1', 'evm:1', 'EIP155:1'])('behavior: rejects %j', (value) => {
    const error = thrown(() => parseCaipNetworkId(value))
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Invalid CAIP network id')
    expect((error as BaseError).details).toBeTruthy()
  })

  test('property: throws only BaseError on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        try {
          const parsed = parseCaipNetworkId(value)
          expect(`${parsed.chainNamespace}:${parsed.chainId}`).toBe(value)
        } catch (error) {
          expect(error).toBeInstanceOf(BaseError)
        }
      }),
    )
  })
})

describe('guards', () => {
  test('default', () => {
    expect(isCaipAddress('eip155:1:0xabc')).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipNetworkId('cosmos:cosmoshub-4')).toBe(true)
    expect(isCaipNetworkId('eip155:1:0xabc')).toBe(false)
    expect(isCaipNetworkId(null)).toBe(false)
  })

  test('property: never throw on any value and agree with the parsers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: 'binary' })), (value) => {
        const address = isCaipAddress(value)
        const networkId = isCaipNetworkId(value)
        if (typeof value !== 'string') return !address && !networkId
        expect(address).toBe(safe(() => parseCaipAddress(value)))
        expect(networkId).toBe(safe(() => parseCaipNetworkId(value)))
        return true
      }),
    )
  })
})

function safe(fn: () => unknown): boolean {
  try {
    fn()
    return true
  } catch {
    return false
  }
}

describe('toCaipAddress / toCaipNetworkId', () => {
  test('default', () => {
    expect(toCaipNetworkId('eip155', 1)).toBe('eip155:1')
    expect(toCaipAddress('eip155:1', '0xabc')).toBe('eip155:1:0xabc')
  })

  test.each([
    () => toCaipAddress('eip155:1', ''),
    () => toCaipAddress('eip155:1', 'a:b'),
    () => toCaipAddress('nope:1' as 'eip155:1', '0xabc'),
  ])('behavior: toCaipAddress rejects bad parts (%#)', (fn) => {
    expect(fn).toThrow('Invalid CAIP address')
  })

  test.each([NaN, -1, 1.5, Infinity, '', 'a:b'])('behavior: toCaipNetworkId rejects %j', (chainId) => {
    expect(() => toCaipNetworkId('eip155', chainId)).toThrow(BaseError)
    expect(() => toCaipNetworkId('eip155', chainId)).toThrow('Invalid CAIP network id')
  })

  test('property: round trips through the parsers', () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, chainId, address) => {
        const networkId = toCaipNetworkId(ns, chainId)
        expect(parseCaipNetworkId(networkId)).toEqual({ chainNamespace: ns, chainId })
        expect(parseCaipAddress(toCaipAddress(networkId, address))).toEqual({ chainNamespace: ns, chainId, address })
      }),
    )
  })

  test('property: numeric chain ids round trip', () => {
    fc.assert(
      fc.property(namespace, fc.nat(), (ns, id) => {
        expect(parseCaipNetworkId(toCaipNetworkId(ns, id)).chainId).toBe(String(id))
      }),
    )
  })
})

describe('schemas', () => {
  test('default', () => {
    expect(caipAddressSchema.parse('eip155:1:0xabc')).toBe('eip155:1:0xabc')
    expect(caipNetworkIdSchema.parse('solana:abc')).toBe('solana:abc')
  })

  test('behavior: report the CAIP message on bad input', () => {
    const address = caipAddressSchema.safeParse('eip155:1')
    expect(address.success).toBe(false)
    expect(address.error?.issues[0]?.message).toBe('Invalid CAIP address')
    const networkId = caipNetworkIdSchema.safeParse(7)
    expect(networkId.success).toBe(false)
    expect(caipNetworkIdSchema.safeParse('x:1').error?.issues[0]?.message).toBe('Invalid CAIP network id')
  })
})
