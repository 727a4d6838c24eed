import { Keypair, PublicKey } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress, findProgramAddress, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './programAddress.js'

describe('program derived addresses (associated token accounts without @solana/web3.js in the page)', () => {
  test('behavior: any owner and mint, under either token program, give the associated account web3.js derives', () => {
    fc.assert(
      fc.property(fc.boolean(), (token2022) => {
        const owner = Keypair.generate().publicKey
        const mint = Keypair.generate().publicKey
        const program = new PublicKey(token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID)
        const [expected] = PublicKey.findProgramAddressSync([owner.toBuffer(), program.toBuffer(), mint.toBuffer()], new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID))
        expect(associatedTokenAddress(owner.toBase58(), mint.toBase58(), program.toBase58())).toBe(expected.toBase58())
      }),
      { numRuns: 60 },
    )
  })

  test('edge: the bump is the first from 255 down whose hash is off the curve, as web3.js finds it', () => {
    const seeds = [new TextEncoder().encode('airlock'), Uint8Array.of(7)]
    const [address, bump] = findProgramAddress(seeds, TOKEN_PROGRAM_ID)
    const [expected, expectedBump] = PublicKey.findProgramAddressSync(seeds.map((s) => Buffer.from(s)), new PublicKey(TOKEN_PROGRAM_ID))
    expect([address, bump]).toEqual([expected.toBase58(), expectedBump])
    expect(PublicKey.isOnCurve(new PublicKey(address).toBytes())).toBe(false)
  })
})
