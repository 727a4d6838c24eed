import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatBalance } from './formatBalance.js'
import { groupDecimal } from './groupDecimal.js'
import { truncateDecimal } from './truncateDecimal.js'

describe('groupDecimal', () => {
  test('default: groups the whole part, keeps every decimal', () => {
    expect(groupDecimal('10000.000', 'en-US')).toBe('10,000.000')
    expect(groupDecimal('1000.00', 'en-US')).toBe('1,000.00')
    expect(groupDecimal('999.99', 'en-US')).toBe('999.99')
    expect(groupDecimal('1234567', 'en-US')).toBe('1,234,567')
  })

  test('parameters: locale', () => {
    expect(groupDecimal('1234567.891', 'de-DE')).toBe('1.234.567,891')
    expect(groupDecimal('1234567.89', 'en-IN')).toBe('12,34,567.89')
    expect(groupDecimal('0.999', 'fr-FR')).toBe('0,999')
  })

  test('behavior: truncate first, then group: never rounds up, not even .999…', () => {
    expect(groupDecimal(truncateDecimal('9999.9999', 2), 'en-US')).toBe('9,999.99')
    expect(groupDecimal(formatBalance('1999999999999999999999', 18), 'en-US')).toBe('1,999.999')
  })

  test('behavior: exact beyond float precision', () => {
    expect(groupDecimal('9007199254740993.123', 'en-US')).toBe('9,007,199,254,740,993.123')
    const max = formatBalance((2n ** 256n - 1n).toString(), 18)
    expect(groupDecimal(max, 'en-US').replaceAll(',', '')).toBe(max)
  })

  test('edge: anything that is not a plain decimal comes back unchanged', () => {
    for (const junk of ['', 'abc', '-1', '1e21', '1.', '.5', ' 1', 'NaN', '1,000']) expect(groupDecimal(junk, 'en-US'), junk).toBe(junk)
    // More decimals than Intl can show (100): the plain string, not an error.
    expect(groupDecimal(`1.${'0'.repeat(120)}`, 'en-US')).toBe(`1.${'0'.repeat(120)}`)
  })

  test('property: en-US without its commas is the input (nothing lost, nothing rounded)', () => {
    const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 20 }), fc.bigInt({ min: 0n, max: 10n ** 20n })).map(([whole, places, fraction]) =>
      places === 0 ? whole.toString() : `${whole}.${fraction.toString().padStart(20, '0').slice(0, places)}`,
    )
    fc.assert(
      fc.property(decimal, (value) => {
        expect(groupDecimal(value, 'en-US').replaceAll(',', '')).toBe(value)
      }),
    )
  })
})
