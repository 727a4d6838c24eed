import { describe, expect, test } from 'vitest'
import { bytesEqual, decodeBase64, decodeWitness, encodeVarint } from './bytes.js'

/** The byte helpers the Bitcoin and Solana verifiers share, at their edges. */

const bytes = (...values: number[]) => Uint8Array.of(...values)
/** A stack of `n` empty items. */
const empties = (n: number) => Uint8Array.from([n, ...Array<number>(n).fill(0)])

describe('decodeBase64: standard base64 with padding, nothing else', () => {
  test.each([
    ['AQID', [1, 2, 3]],
    ['AQI=', [1, 2]],
    ['AQ==', [1]],
    ['', []],
    ['+/+/', [0xfb, 0xff, 0xbf]],
  ])('default: %j decodes to %j', (value, expected) => {
    expect(decodeBase64(value)).toEqual(Uint8Array.from(expected))
  })

  // atob is forgiving (WHATWG): it drops ASCII whitespace and takes missing padding. A signature
  // has one encoding here, so each of these is refused before atob sees it.
  test.each([
    ['missing padding', 'AQI'],
    ['missing padding, two characters', 'AQ'],
    ['leading whitespace', ' AQI'],
    ['trailing whitespace', 'AQI '],
    ['inner whitespace', 'AQ I'],
    ['a line break', 'AQ\nI'],
    ['padding in the middle', 'AQ==AQID'],
    ['three padding characters', 'A==='],
    ['base64url characters', '-_-_'],
    ['a character outside base64', 'AQI!'],
  ])('behavior: %s is undefined', (_, value) => {
    expect(decodeBase64(value)).toBeUndefined()
  })

  test('edge: 8192 characters (6144 bytes) decode; 8196 are refused unread', () => {
    expect(decodeBase64('A'.repeat(8192))).toEqual(new Uint8Array(6144))
    expect(decodeBase64('A'.repeat(8196))).toBeUndefined()
  })
})

describe('bytesEqual', () => {
  test.each([
    [[], [], true],
    [[1, 2], [1, 2], true],
    [[1, 2], [1, 3], false],
    // A prefix agrees on every byte it has: only the lengths tell them apart.
    [[1], [1, 2], false],
    [[1, 2], [1], false],
  ])('behavior: %j and %j are equal: %s', (a, b, equal) => {
    expect(bytesEqual(Uint8Array.from(a), Uint8Array.from(b))).toBe(equal)
  })
})

describe('encodeVarint: Bitcoin CompactSize, shortest form', () => {
  test.each([
    [0, [0]],
    [0xfc, [0xfc]],
    [0xfd, [0xfd, 0xfd, 0x00]],
    [0x1234, [0xfd, 0x34, 0x12]],
    [0xffff, [0xfd, 0xff, 0xff]],
    [0x10000, [0xfe, 0x00, 0x00, 0x01, 0x00]],
    [0x12345678, [0xfe, 0x78, 0x56, 0x34, 0x12]],
  ])('edge: %i is %j', (n, expected) => {
    expect(encodeVarint(n)).toEqual(Uint8Array.from(expected))
  })
})

describe('decodeWitness: exactly one consensus-encoded witness stack', () => {
  test('default: the items of a well-formed stack', () => {
    expect(decodeWitness(bytes(1, 2, 0xaa, 0xbb))).toEqual([bytes(0xaa, 0xbb)])
    expect(decodeWitness(bytes(2, 1, 0xaa, 0))).toEqual([bytes(0xaa), bytes()])
  })

  test('behavior: an item of 253 bytes has its length in 0xfd form (little-endian)', () => {
    const item = Uint8Array.from({ length: 253 }, (_, i) => i)
    expect(decodeWitness(Uint8Array.from([1, 0xfd, 0xfd, 0x00, ...item]))).toEqual([item])
    const long = Uint8Array.from({ length: 0x0102 }, (_, i) => i & 0xff)
    expect(decodeWitness(Uint8Array.from([2, 0xfd, 0x02, 0x01, ...long, 1, 0xaa]))).toEqual([long, bytes(0xaa)])
  })

  test('edge: 16 items are a stack; 17, or none, are not', () => {
    expect(decodeWitness(empties(16))).toEqual(Array.from({ length: 16 }, () => bytes()))
    expect(decodeWitness(empties(17))).toBeUndefined()
    expect(decodeWitness(empties(0))).toBeUndefined()
  })

  test.each([
    ['no bytes', []],
    // 0xfe and 0xff (4- and 8-byte lengths) never fit in a signature: refused, not misread.
    ['a 0xfe count', [0xfe]],
    ['a 0xff count', [0xff]],
    ['a 0xfe length', [1, 0xfe, 1, 0, 0, 0, 0xaa]],
    ['a 0xfe length read as 0xfd', [1, 0xfe, 1, 0, 0xaa]],
    ['a 0xfe length whose first two bytes would make a canonical 0xfd length', [1, 0xfe, 0xfd, 0, ...new Array<number>(0xfd).fill(7)]],
    ['a 0xff count whose first two bytes would make a canonical 0xfd count', [0xff, 0xfd, 0, ...new Array<number>(0xfd).fill(0)]],
    ['a truncated 0xfd count', [0xfd]],
    ['a truncated 0xfd length', [1, 0xfd, 1]],
    // Bitcoin Core reads compact sizes strictly: one signature, one byte form.
    ['a length of 1 written in the 0xfd form', [1, 0xfd, 1, 0, 0xaa]],
    ['a length of 0xfc written in the 0xfd form', [1, 0xfd, 0xfc, 0, ...new Array<number>(0xfc).fill(7)]],
    ['a count of 1 written in the 0xfd form', [0xfd, 1, 0, 1, 0xaa]],
    ['an item longer than the bytes left', [1, 3, 0xaa, 0xbb]],
    ['a missing item', [2, 1, 0xaa]],
    ['trailing bytes', [1, 1, 0xaa, 0xbb]],
  ])('behavior: %s is undefined', (_, values) => {
    expect(decodeWitness(Uint8Array.from(values))).toBeUndefined()
  })
})
