import fc from 'fast-check'
import { bytesToHex, getAddress, keccak256 as viemKeccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { checksumAddress, keccak256 } from './checksumAddress.js'

describe('checksumAddress', () => {
  test('default: EIP-55 casing of a lowercase address', () => {
    expect(checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(checksumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
  })

  test('behavior: anything but 0x and 40 hex digits is undefined, never a throw', () => {
    for (const bad of ['0x12', 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, 1, null, undefined, {}]) {
      expect(checksumAddress(bad)).toBeUndefined()
    }
  })

  test('property: agrees with viem getAddress on any address and casing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = bytesToHex(bytes)
        const input = upper ? `0x${hex.slice(2).toUpperCase()}` : hex
        expect(checksumAddress(input)).toBe(getAddress(input))
      }),
      { numRuns: 300 },
    )
  })

  test('property: keccak256 agrees with viem for any length (several blocks too)', () => {
    expect(bytesToHex(keccak256(new Uint8Array()))).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(bytesToHex(keccak256(bytes))).toBe(viemKeccak256(bytes))
      }),
      { numRuns: 200 },
    )
  })
})
