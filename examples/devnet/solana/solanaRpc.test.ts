import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SendTransactionError, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../../core/chains/networks.js'
import { LOCAL_GENESIS_HASH, startSolanaRpc, type SolanaRpc } from './solanaRpc.js'

/** web3.js 1.x's Connection, unchanged, against the litesvm shim (no websocket: nothing here subscribes). */
describe('Solana JSON-RPC over litesvm', () => {
  let rpc: SolanaRpc
  let connection: Connection
  const alice = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  const bob = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => 200 - i))

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.url, { commitment: 'confirmed', disableRetryOnRateLimit: true })
  })
  afterAll(async () => {
    await rpc?.close()
  })

  const transfer = async (from: Keypair, to: PublicKey, lamports: number, blockhash?: string): Promise<Transaction> => {
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash ?? (await connection.getLatestBlockhash()).blockhash }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }))
    tx.sign(from)
    return tx
  }

  test('an airdrop lands and shows in getBalance, getAccountInfo and getSignatureStatuses', async () => {
    expect(await connection.getBalance(alice.publicKey)).toBe(0)
    expect(await connection.getAccountInfo(alice.publicKey)).toBeNull()
    const signature = await connection.requestAirdrop(alice.publicKey, 2 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(alice.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const account = await connection.getAccountInfo(alice.publicKey)
    expect(account).toMatchObject({ lamports: 2 * LAMPORTS_PER_SOL, executable: false })
    expect(account!.owner.equals(SystemProgram.programId)).toBe(true)
    const { value } = await connection.getSignatureStatuses([signature, bs58Zeros()])
    expect(value).toEqual([expect.objectContaining({ err: null, confirmationStatus: 'finalized' }), null])
    expect(await connection.getGenesisHash()).toBe(LOCAL_GENESIS_HASH)
    // CAIP-2: a Solana chain's reference is the first 32 characters of its genesis hash.
    expect(airlockSolanaLocal.caipNetworkId).toBe(`solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`)
  })

  test('a signed transfer moves SOL: both balances change, the fee is charged, the status is final', async () => {
    const before = await connection.getBalance(alice.publicKey)
    const slot = await connection.getSlot()
    const tx = await transfer(alice, bob.publicKey, 0.25 * LAMPORTS_PER_SOL)
    const fee = await connection.getFeeForMessage(tx.compileMessage())
    expect(fee.value).toBe(5000)
    const simulated = await connection.simulateTransaction(tx)
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success')
    const signature = await connection.sendRawTransaction(tx.serialize())
    expect(signature).toBe(Buffer.from(tx.signature!).length === 64 ? (await import('bs58')).default.encode(tx.signature!) : 'no signature')
    expect(await connection.getBalance(bob.publicKey)).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 0.25 * LAMPORTS_PER_SOL - 5000)
    expect((await connection.getSignatureStatus(signature)).value).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getSlot()).toBeGreaterThan(slot)
  })

  test('a versioned (v0) transaction works too', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: alice.publicKey, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1000 })] }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([alice])
    const before = await connection.getBalance(bob.publicKey)
    await connection.sendTransaction(tx)
    expect(await connection.getBalance(bob.publicKey)).toBe(before + 1000)
  })

  test('refused as a validator refuses: an overspend, the same transaction twice, a bad signature, a stale blockhash; nothing moves', async () => {
    const alicePays = await connection.getBalance(alice.publicKey)
    const bobHas = await connection.getBalance(bob.publicKey)
    const over = await transfer(alice, bob.publicKey, 100 * LAMPORTS_PER_SOL)
    const refused = await connection.sendRawTransaction(over.serialize()).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SendTransactionError)
    expect((refused as SendTransactionError).message).toContain('custom program error: 0x1')
    expect((refused as SendTransactionError).logs?.join('\n')).toContain('insufficient lamports')
    expect((await connection.simulateTransaction(over)).value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })

    const once = await transfer(alice, bob.publicKey, 1234)
    await connection.sendRawTransaction(once.serialize())
    await expect(connection.sendRawTransaction(once.serialize())).rejects.toThrow(/AlreadyProcessed/)

    const forged = await transfer(alice, bob.publicKey, 5000)
    const bytes = forged.signatures[0]!.signature!
    bytes[3] = bytes[3]! ^ 0xff
    await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }))).rejects.toThrow(/SignatureFailure/)

    const stale = await transfer(alice, bob.publicKey, 5000, Keypair.generate().publicKey.toBase58())
    await expect(connection.sendRawTransaction(stale.serialize())).rejects.toThrow(/BlockhashNotFound/)

    expect(await connection.getBalance(bob.publicKey)).toBe(bobHas + 1234)
    expect(await connection.getBalance(alice.publicKey)).toBe(alicePays - 1234 - 5000)
  })

  test('with skipPreflight, a transaction that fails while running lands with its error and pays its fee, as on a cluster', async () => {
    const before = await connection.getBalance(alice.publicKey)
    const over = await transfer(alice, bob.publicKey, 100 * LAMPORTS_PER_SOL)
    const signature = await connection.sendRawTransaction(over.serialize(), { skipPreflight: true })
    expect((await connection.getSignatureStatus(signature)).value).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 5000)
    const forged = await transfer(alice, bob.publicKey, 5000)
    const bytes = forged.signatures[0]!.signature!
    bytes[3] = bytes[3]! ^ 0xff
    await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }), { skipPreflight: true })).rejects.toThrow(/SignatureFailure/)
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 5000)
  })

  test('bad requests get JSON-RPC errors, never a crash; other sites are refused', async () => {
    const post = (body: string, headers: Record<string, string> = {}) => fetch(rpc.url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
    expect(await (await post('{')).json()).toMatchObject({ error: { code: -32700 } })
    expect(await (await post('{"jsonrpc":"2.0","id":1,"method":"nope"}')).json()).toMatchObject({ id: 1, error: { code: -32601 } })
    expect(await (await post('{"jsonrpc":"2.0","id":2,"method":"getBalance","params":["<b>"]}')).json()).toMatchObject({ id: 2, error: { code: -32602 } })
    expect(await (await post('{"jsonrpc":"2.0","id":3,"method":"sendTransaction","params":["AAAA",{"encoding":"base64"}]}')).json()).toMatchObject({ id: 3, error: { code: -32602 } })
    expect(await (await post('{"jsonrpc":"2.0","id":4,"method":"requestAirdrop","params":["11111111111111111111111111111111",-5]}')).json()).toMatchObject({ id: 4, error: { code: -32602 } })
    expect(await (await post('{"jsonrpc":"2.0","id":5,"method":"__proto__"}')).json()).toMatchObject({ id: 5, error: { code: -32601 } })
    expect(await (await post('[{"jsonrpc":"2.0","id":6,"method":"getSlot"},{"jsonrpc":"2.0","id":7,"method":"getHealth"}]')).json()).toEqual([
      { jsonrpc: '2.0', id: 6, result: expect.any(Number) },
      { jsonrpc: '2.0', id: 7, result: 'ok' },
    ])
    expect((await post('x'.repeat(100_000))).status).toBe(413)
    expect((await post('{"jsonrpc":"2.0","id":8,"method":"requestAirdrop","params":["11111111111111111111111111111111",1]}', { origin: 'https://evil.example' })).status).toBe(403)
  })
})

/** A well-formed signature nobody sent. */
function bs58Zeros(): string {
  return '1'.repeat(64)
}
