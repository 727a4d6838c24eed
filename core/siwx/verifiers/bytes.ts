/** Byte helpers the Bitcoin and Solana verifiers share (no Buffer: this code also runs in browsers). */

/**
 * Standard base64 with padding to bytes; undefined for anything else.
 * @example decodeBase64('AQID') // Uint8Array [1, 2, 3]
 */
export function decodeBase64(value: string): Uint8Array | undefined {
  if (value.length > 8192 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined
  try {
    return Uint8Array.from(atob(value), (char) => char.charCodeAt(0))
  }
  // Stryker disable next-line BlockStatement: equivalent, an empty catch returns the same undefined (and atob does not throw on what the check above lets through)
  catch {
    return undefined
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Bitcoin's CompactSize length prefix. */
export function encodeVarint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)
}

/**
 * Splits a consensus-encoded witness stack (BIP-322 "simple" signatures) into its items;
 * undefined unless the bytes are exactly one well-formed stack.
 * @example decodeWitness(Uint8Array.of(1, 2, 0xaa, 0xbb)) // [Uint8Array [0xaa, 0xbb]]
 */
export function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let offset = 0
  const varint = (): number | undefined => {
    const first = bytes[offset++]
    // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: undefined < 0xfd and undefined === 0xfd are false, so the last return gives the same undefined (its `→ true` twin, skipped with it, is killed by every well-formed stack)
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (
      first === 0xfd &&
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator,EqualityOperator: `→ true`, `offset - 2` (always true here) and `<` are equivalent: reading past the end leaves offset > bytes.length, which every later check refuses (a missing byte reads as 0, and a count then finds no items), and a value that fits in its 2 bytes is >= 0xfd so needs items after it; `→ false`, skipped with them, is killed by the 0xfd tests
      offset + 2 <= bytes.length
    ) {
      const value = bytes[offset++]! | (bytes[offset++]! << 8)
      // A length under 0xfd written long is refused, as Bitcoin Core reads compact sizes: one
      // signature has one byte form.
      return value >= 0xfd ? value : undefined
    }
    return undefined
  }
  const count = varint()
  if (count === undefined || count === 0 || count > 16) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = varint()
    // Stryker disable next-line ConditionalExpression,LogicalOperator,ArithmeticOperator: an early exit only, so dropping any part of it is equivalent: a missing length makes offset NaN and an overrun makes it > bytes.length, and the last return refuses both (the `→ true` twins, skipped with them, are killed by every well-formed stack)
    if (length === undefined || offset + length > bytes.length) return undefined
    items.push(bytes.slice(offset, offset + length))
    offset += length
  }
  return offset === bytes.length ? items : undefined
}
