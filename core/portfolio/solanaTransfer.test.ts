import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { transferMessage } from './solanaTransfer.js'

const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'

/** What @solana/web3.js (the reference, a dev dependency) compiles for the same transfer. */
function reference(from: PublicKey, to: PublicKey, lamports: bigint): Uint8Array {
  const tx = new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }))
  return new Uint8Array(tx.compileMessage().serialize())
}

describe('transferMessage (a SOL transfer without @solana/web3.js in the page)', () => {
  test('default: the same bytes @solana/web3.js compiles for a transfer', () => {
    const from = Keypair.generate().publicKey
    const to = Keypair.generate().publicKey
    expect(transferMessage(from.toBase58(), to.toBase58(), BLOCKHASH, 1_500_000_000n)).toEqual(reference(from, to, 1_500_000_000n))
  })

  test('behavior: any amount and any pair of keys, a transfer to oneself included, match the reference', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), fc.boolean(), (lamports, self) => {
        const from = Keypair.generate().publicKey
        const to = self ? from : Keypair.generate().publicKey
        expect(transferMessage(from.toBase58(), to.toBase58(), BLOCKHASH, lamports)).toEqual(reference(from, to, lamports))
      }),
      { numRuns: 50 },
    )
  })

  test('edge: a zero or too large amount, a key that is not 32 bytes and a bad blockhash are refused', () => {
    const from = Keypair.generate().publicKey.toBase58()
    const to = Keypair.generate().publicKey.toBase58()
    expect(() => transferMessage(from, to, BLOCKHASH, 0n)).toThrow('Invalid amount')
    expect(() => transferMessage(from, to, BLOCKHASH, 2n ** 64n)).toThrow('Invalid amount')
    expect(() => transferMessage(from, '1111', BLOCKHASH, 1n)).toThrow('Invalid Solana address')
    expect(() => transferMessage(from, to, '1111', 1n)).toThrow('Invalid blockhash')
  })
})
