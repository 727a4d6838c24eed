import { Keypair, PublicKey, TransactionInstruction, TransactionMessage } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { compileLegacyMessage, SYSTEM_PROGRAM_ID, unsignedTransaction, type SolanaInstruction } from './solanaMessage.js'

const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'

/** What @solana/web3.js (the reference, a dev dependency) compiles for the same instructions. */
function reference(payer: string, instructions: readonly SolanaInstruction[]): Uint8Array {
  const message = new TransactionMessage({
    payerKey: new PublicKey(payer),
    recentBlockhash: BLOCKHASH,
    instructions: instructions.map((ix) => new TransactionInstruction({ programId: new PublicKey(ix.programId), keys: ix.accounts.map((a) => ({ pubkey: new PublicKey(a.address), isSigner: a.signer, isWritable: a.writable })), data: Buffer.from(ix.data) })),
  })
  return new Uint8Array(message.compileToLegacyMessage().serialize())
}

describe('compileLegacyMessage (Solana messages without @solana/web3.js in the page)', () => {
  test('behavior: any instructions over a small key ring (keys repeated with other flags, programs as accounts) compile to the bytes web3.js compiles', () => {
    const ring = Array.from({ length: 6 }, () => Keypair.generate().publicKey.toBase58())
    const keys = [...ring, SYSTEM_PROGRAM_ID]
    const account = fc.record({ address: fc.constantFrom(...keys), signer: fc.boolean(), writable: fc.boolean() })
    const instruction = fc.record({ programId: fc.constantFrom(...keys), accounts: fc.array(account, { maxLength: 6 }), data: fc.uint8Array({ maxLength: 140 }) })
    fc.assert(
      fc.property(fc.constantFrom(...ring), fc.array(instruction, { minLength: 1, maxLength: 4 }), (payer, instructions) => {
        expect(compileLegacyMessage({ payer, blockhash: BLOCKHASH, instructions })).toEqual(reference(payer, instructions))
      }),
      { numRuns: 200 },
    )
  })

  test('edge: a key or blockhash that is not 32 bytes of base58 is refused with a clear error', () => {
    const payer = Keypair.generate().publicKey.toBase58()
    const ix = (address: string): SolanaInstruction => ({ programId: SYSTEM_PROGRAM_ID, accounts: [{ address, signer: false, writable: true }], data: new Uint8Array() })
    expect(() => compileLegacyMessage({ payer, blockhash: BLOCKHASH, instructions: [ix('1111')] })).toThrow('Invalid Solana address')
    expect(() => compileLegacyMessage({ payer, blockhash: BLOCKHASH, instructions: [ix('0OIl')] })).toThrow('Invalid Solana address')
    expect(() => compileLegacyMessage({ payer, blockhash: 'nope', instructions: [ix(payer)] })).toThrow('Invalid blockhash')
  })

  test('default: the unsigned transaction has one empty signature slot per signer before the message', () => {
    const payer = Keypair.generate().publicKey.toBase58()
    const other = Keypair.generate().publicKey.toBase58()
    const message = compileLegacyMessage({ payer, blockhash: BLOCKHASH, instructions: [{ programId: SYSTEM_PROGRAM_ID, accounts: [{ address: other, signer: true, writable: false }], data: Uint8Array.of(1) }] })
    const bytes = Uint8Array.from(atob(unsignedTransaction(message)), (c) => c.charCodeAt(0))
    expect(message[0]).toBe(2)
    expect(bytes[0]).toBe(2)
    expect(bytes.subarray(1, 129).every((b) => b === 0)).toBe(true)
    expect(bytes.subarray(129)).toEqual(message)
  })
})
