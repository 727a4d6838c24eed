import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { truncateDecimal } from './truncateDecimal.js'

describe('truncateDecimal', () => {
  test('default: cuts to the places asked for', () => {
    expect(truncateDecimal('1.23456', 3)).toBe('1.234')
    expect(truncateDecimal('1.239', 3)).toBe('1.239')
    expect(truncateDecimal('1.239', 2)).toBe('1.23')
  })

  test('behavior: cuts, never rounds (not even .999…)', () => {
    expect(truncateDecimal('1.999', 2)).toBe('1.99')
    expect(truncateDecimal('0.0099', 2)).toBe('0.00')
    expect(truncateDecimal('9.99999999999999999999', 3)).toBe('9.999')
    // Beyond float precision: exact digits, no Number() on the way.
    expect(truncateDecimal('9007199254740993.123456', 4)).toBe('9007199254740993.1234')
  })

  test('behavior: pads with zeros up to the places', () => {
    expect(truncateDecimal('1', 2)).toBe('1.00')
    expect(truncateDecimal('1.5', 3)).toBe('1.500')
    expect(truncateDecimal('1.', 2)).toBe('1.00')
    expect(truncateDecimal('0', 2)).toBe('0.00')
  })

  test('parameters: 0 places gives the whole part without a point', () => {
    expect(truncateDecimal('1.999', 0)).toBe('1')
    expect(truncateDecimal('42', 0)).toBe('42')
    expect(truncateDecimal('0.9', 0)).toBe('0')
  })

  test('edge: leading zeros are dropped, a lone zero kept', () => {
    expect(truncateDecimal('007.5', 2)).toBe('7.50')
    expect(truncateDecimal('000', 2)).toBe('0.00')
    expect(truncateDecimal('0000.125', 2)).toBe('0.12')
    expect(truncateDecimal('0100', 0)).toBe('100')
  })

  test('edge: anything that is not a plain decimal gives zero', () => {
    for (const junk of ['', 'abc', '-1.5', '+1', '1e21', '1.2.3', ' 1.5', '1.5 ', '.5', '0x10', 'NaN', 'Infinity', '1,5', '1'.repeat(79)]) {
      expect(truncateDecimal(junk, 2), junk).toBe('0.00')
      expect(truncateDecimal(junk, 0), junk).toBe('0')
    }
  })

  test('behavior: property: a valid decimal is cut to exactly `places` decimals, below the input by less than one unit of the last place', () => {
    const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''))
    const decimal = fc.tuple(digits(1, 30), fc.option(digits(0, 30), { nil: undefined })).map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`))
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 40 }), (input, places) => {
        const result = truncateDecimal(input, places)
        const [whole = '', fraction = ''] = input.split('.')
        const normalizedWhole = whole.replace(/^0+(?=\d)/, '')
        // Prefix-compatible: the input (leading zeros dropped, padded with zeros) starts with the result.
        const padded = `${normalizedWhole}.${fraction.padEnd(places, '0')}`
        expect(places === 0 ? `${normalizedWhole}.`.startsWith(`${result}.`) : padded.startsWith(result)).toBe(true)
        expect(result.split('.')[1]?.length ?? 0).toBe(places)
        // As exact integers scaled by 10^places: result <= input < result + 1.
        const scale = 10n ** BigInt(places)
        const scaledResult = BigInt(result.replace('.', ''))
        const inputUnits = BigInt(`${whole}${fraction}`) * scale
        const inputScale = 10n ** BigInt(fraction.length)
        expect(scaledResult * inputScale <= inputUnits).toBe(true)
        expect(inputUnits < (scaledResult + 1n) * inputScale).toBe(true)
      }),
    )
  })
})
