import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/BaseError.js'
import { chainIdToCoinType } from './coinType.js'

describe('chainIdToCoinType', () => {
  test('default', () => {
    expect(chainIdToCoinType(1)).toBe(60)
    expect(chainIdToCoinType(10)).toBe(2147483658)
    expect(chainIdToCoinType(8453)).toBe(2147492101)
    expect(chainIdToCoinType(42161)).toBe(2147525809)
    expect(chainIdToCoinType(0)).toBe(2147483648)
  })

  test('behavior: boundary 2147483647 is accepted, 2147483648 is not', () => {
    expect(chainIdToCoinType(2147483647)).toBe(4294967295)
    expect(() => chainIdToCoinType(2147483648)).toThrow(BaseError)
    expect(() => chainIdToCoinType(2147483648)).toThrow(/^Invalid chainId$/)
  })

  test.each([-1, 1.5, NaN, Infinity, -Infinity, 2 ** 32, Number.MAX_SAFE_INTEGER])('behavior: rejects %j', (id) => {
    expect(() => chainIdToCoinType(id)).toThrow(BaseError)
    expect(() => chainIdToCoinType(id)).toThrow(/^Invalid chainId$/)
  })

  test('behavior: rejects non-numbers at runtime', () => {
    expect(() => chainIdToCoinType('1' as unknown as number)).toThrow('Invalid chainId')
    expect(() => chainIdToCoinType(null as unknown as number)).toThrow('Invalid chainId')
  })

  test('property: valid ids map to flag | id (chain 1 excepted)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483647 }), (id) => {
        const coinType = chainIdToCoinType(id)
        if (id === 1) return coinType === 60
        return coinType === 2147483648 + id && coinType >= 2147483648 && coinType <= 4294967295
      }),
    )
  })

  test('property: throws only BaseError for anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }), fc.double().filter((n) => !Number.isInteger(n)), fc.anything().filter((v) => typeof v !== 'number')),
        (value) => {
          expect(() => chainIdToCoinType(value as number)).toThrow(BaseError)
        },
      ),
    )
  })
})
