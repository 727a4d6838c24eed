import type { Address } from 'viem'

// EIP-55 needs Keccak-256 of 40 ASCII characters: one block, so a compact BigInt Keccak-f[1600]
// is fast enough (well under a millisecond) and keeps viem (and @noble) out of the chunk that
// reads wallet accounts. `checksumAddress.test.ts` checks it against viem's getAddress.

const MASK = (1n << 64n) - 1n
const RATE = 136
const ROTATIONS: bigint[] = []
const LANES: number[] = []
const ROUND_CONSTANTS: bigint[] = []
for (let t = 0, x = 1, y = 0, lfsr = 1n; t < 24; t++) {
  ;[x, y] = [y, (2 * x + 3 * y) % 5]
  LANES.push(x + 5 * y)
  ROTATIONS.push(BigInt((((t + 1) * (t + 2)) / 2) % 64))
  let constant = 0n
  for (let j = 0; j < 7; j++) {
    lfsr = ((lfsr << 1n) ^ ((lfsr >> 7n) * 0x71n)) % 256n
    if (lfsr & 2n) constant ^= 1n << ((1n << BigInt(j)) - 1n)
  }
  ROUND_CONSTANTS.push(constant)
}

const rotl = (lane: bigint, by: bigint): bigint => (by === 0n ? lane : ((lane << by) | (lane >> (64n - by))) & MASK)

function keccakF(state: bigint[]): void {
  for (let round = 0; round < 24; round++) {
    const parity = [0, 1, 2, 3, 4].map((x) => state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!)
    for (let x = 0; x < 5; x++) {
      const d = parity[(x + 4) % 5]! ^ rotl(parity[(x + 1) % 5]!, 1n)
      for (let y = 0; y < 25; y += 5) state[x + y]! ^= d
    }
    let carried = state[1]!
    for (let t = 0; t < 24; t++) {
      const lane = LANES[t]!
      const next = state[lane]!
      state[lane] = rotl(carried, ROTATIONS[t]!)
      carried = next
    }
    for (let y = 0; y < 25; y += 5) {
      const row = state.slice(y, y + 5)
      for (let x = 0; x < 5; x++) state[y + x] = row[x]! ^ ((MASK ^ row[(x + 1) % 5]!) & row[(x + 2) % 5]!)
    }
    state[0]! ^= ROUND_CONSTANTS[round]!
  }
}

/**
 * Keccak-256 (the original padding Ethereum uses, not SHA3-256) of bytes, as 32 bytes.
 * @example keccak256(new TextEncoder().encode('')) // c5d2460186f7233c…
 */
export function keccak256(input: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.floor(input.length / RATE + 1) * RATE)
  padded.set(input)
  padded[input.length]! ^= 0x01
  padded[padded.length - 1]! ^= 0x80
  const state: bigint[] = new Array(25).fill(0n)
  for (let block = 0; block < padded.length; block += RATE) {
    for (let i = 0; i < RATE / 8; i++) {
      let lane = 0n
      for (let b = 7; b >= 0; b--) lane = (lane << 8n) | BigInt(padded[block + i * 8 + b]!)
      state[i]! ^= lane
    }
    keccakF(state)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt(8 * (i & 7))) & 0xffn)
  return out
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * An EVM address in EIP-55 checksum casing (any input casing is accepted), or undefined when
 * `value` is not `0x` plus 40 hex digits. Never throws.
 * @example checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function checksumAddress(value: unknown): Address | undefined {
  if (typeof value !== 'string' || !ADDRESS.test(value)) return undefined
  const hex = value.slice(2).toLowerCase()
  const hash = keccak256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!
  }
  return out as Address
}
