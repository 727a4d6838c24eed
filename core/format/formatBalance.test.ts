import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatBalance } from './formatBalance.js'

describe('formatBalance', () => {
  test('default', () => {
    expect(formatBalance('1234567890000000000', 18)).toBe('1.234')
    expect(formatBalance('1000000000000000000', 18)).toBe('1.000')
    expect(formatBalance('0', 18)).toBe('0.000')
  })

  test('behavior: truncates, never rounds', () => {
    expect(formatBalance('1999999999999999999', 18)).toBe('1.999')
    expect(formatBalance('999', 3)).toBe('0.999')
    expect(formatBalance('9999', 4)).toBe('0.999')
    expect(formatBalance('1', 18)).toBe('0.000')
  })

  test('behavior: exact beyond float precision', () => {
    // 2^53 + 1 wei-like units: a float would lose the last digit.
    expect(formatBalance('9007199254740993123', 3)).toBe('9007199254740993.123')
    const max = (2n ** 256n - 1n).toString()
    expect(formatBalance(max, 18)).toBe('115792089237316195423570985008687907853269984665640564039457.584')
  })

  test('parameters: decimals', () => {
    expect(formatBalance('12345', 0)).toBe('12345.000')
    expect(formatBalance('150000000', 8)).toBe('1.500')
    expect(formatBalance('1500000000', 9)).toBe('1.500')
  })

  test('parameters: maxDecimals', () => {
    expect(formatBalance('1234567890000000000', 18, 2)).toBe('1.23')
    expect(formatBalance('1234567890000000000', 18, 0)).toBe('1')
    expect(formatBalance('1234567890000000000', 18, 6)).toBe('1.234567')
    expect(formatBalance('15', 1, 4)).toBe('1.5000')
    expect(formatBalance('x', 18, 2)).toBe('0.00')
  })

  test.each([
    ['', 18],
    ['-1', 18],
    ['1.5', 18],
    ['0x10', 18],
    [' 1', 18],
    ['1e18', 18],
    ['9'.repeat(129), 18],
    ['1', -1],
    ['1', 1.5],
    ['1', Number.NaN],
    ['1', 256],
  ] as const)('behavior: bad input %j (decimals %j) gives 0.000', (value, decimals) => {
    expect(formatBalance(value, decimals)).toBe('0.000')
  })

  test('behavior: non-string values fall back (untyped callers)', () => {
    expect(formatBalance(undefined as unknown as string, 18)).toBe('0.000')
    expect(formatBalance(12 as unknown as string, 18)).toBe('0.000')
    expect(formatBalance('12', '2' as unknown as number)).toBe('0.000')
  })

  test('behavior: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (v, d, m) => {
        expect(typeof formatBalance(v as string, d as number, m as number)).toBe('string')
      }),
    )
  })

  test('behavior: matches a string-slicing reference on every integer', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 }), (n, decimals, places) => {
        const digits = n.toString().padStart(decimals + 1, '0')
        const whole = BigInt(digits.slice(0, digits.length - decimals)).toString()
        const fraction = digits.slice(digits.length - decimals).slice(0, places).padEnd(places, '0')
        expect(formatBalance(n.toString(), decimals, places)).toBe(places === 0 ? whole : `${whole}.${fraction}`)
      }),
    )
  })
})
