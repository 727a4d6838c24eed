import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { avatarColorFromAddress } from '../../core/chains/format.js'
import { avatarBackground } from './avatarBackground.js'

const GRADIENT = /^linear-gradient\(135deg,#([0-9a-f]{6}),#([0-9a-f]{6})\)$/i

describe('avatarBackground', () => {
  test('default: EVM, from the first 6 hex digits to the same digits turned round', () => {
    expect(avatarBackground('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('linear-gradient(135deg,#71C765,#C76571)')
    expect(avatarBackground('0xABCDEF0000000000000000000000000000000000')).toBe('linear-gradient(135deg,#ABCDEF,#CDEFAB)')
  })

  test('behavior: the first stop is the SPEC 9 avatar colour of an EVM address', () => {
    const address = '0x1234567890abcdef1234567890abcdef12345678'
    expect(`#${GRADIENT.exec(avatarBackground(address))?.[1]}`.toLowerCase()).toBe(avatarColorFromAddress(address))
    expect(`#${GRADIENT.exec(avatarBackground(address.toUpperCase().replace('0X', '0x')))?.[1]}`.toLowerCase()).toBe(avatarColorFromAddress(address))
  })

  test('behavior: Solana and Bitcoin addresses take their digits from their last 5 characters (base 36, its low 24 bits)', () => {
    // "zzzzz" in base 36 is 60466175 = 0x39aa3ff; its low 24 bits: 9aa3ff.
    expect(avatarBackground('abczzzzz')).toBe('linear-gradient(135deg,#9aa3ff,#a3ff9a)')
    expect(avatarBackground('00001')).toBe('linear-gradient(135deg,#000001,#000100)')
    // Not base 36 at all, or signed: still six digits.
    expect(avatarBackground('-1')).toBe('linear-gradient(135deg,#ffffff,#ffffff)')
    expect(avatarBackground('')).toBe('linear-gradient(135deg,#000000,#000000)')
    const solana = avatarBackground('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const bitcoin = avatarBackground('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')
    expect(solana).toMatch(GRADIENT)
    expect(bitcoin).toMatch(GRADIENT)
    expect(solana).not.toBe(bitcoin)
    expect(avatarBackground('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(solana)
  })

  test('property: any string gives a two-colour gradient and nothing else (safe in a style)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), (address) => {
        expect(avatarBackground(address)).toMatch(GRADIENT)
      }),
      { numRuns: 2_000 },
    )
  })
})
