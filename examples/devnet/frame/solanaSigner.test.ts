import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../../core/chains/networks.js'
import { rpcRequestSchema, type FrameRpcRequest } from '../../../core/frame/index.js'
import { startSolanaRpc, type SolanaRpc } from '../solana/solanaRpc.js'
import { DEV_SPL_MINT, giveDevTokens } from '../solana/devSplToken.js'
import { associatedTokenAddress } from '../../../core/chains/solana/programAddress.js'
import { solanaTransfer } from '../../../core/portfolio/solanaTransfer.js'
import { assertOwnSolanaAccount, describeSolanaRequest, fundSolana, handleSolanaRpc, newSolanaSeed, solanaKeypair } from './solanaSigner.js'

/** The dev frame's Solana key against the litesvm cluster: what it signs, refuses and shows. */
describe('dev frame Solana signer', () => {
  let rpc: SolanaRpc
  let connection: Connection
  const keypair = solanaKeypair(newSolanaSeed())
  const other = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => 90 + i))
  const recipient = new PublicKey('FCCSRHSX1nbCPS7pPfHKkbPCwL9Env2CuNwQBGGrvbbu')
  let chain: { caipNetworkId: string; name: string; rpcUrl: string }

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.url, 'confirmed')
    chain = { caipNetworkId: airlockSolanaLocal.caipNetworkId, name: airlockSolanaLocal.name, rpcUrl: rpc.url }
    await fundSolana([chain], keypair.publicKey.toBase58())
  })
  afterAll(async () => {
    await rpc?.close()
  })

  /** A request as the page sends it, through the frame protocol's own schema. */
  const request = (method: string, params: unknown): FrameRpcRequest => rpcRequestSchema.parse({ method, params, chainId: chain.caipNetworkId })
  const transfer = async (payer: PublicKey, lamports: number, encoding: 'base64' | 'base58' = 'base64'): Promise<string> => {
    const { blockhash } = await connection.getLatestBlockhash()
    const bytes = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports })).serialize({ requireAllSignatures: false, verifySignatures: false })
    return encoding === 'base64' ? bytes.toString('base64') : bs58.encode(bytes)
  }

  test('default: a new account is funded; a message is signed with the key that the address names (ed25519 verifies)', async () => {
    expect(await connection.getBalance(keypair.publicKey)).toBe(10_000_000_000)
    const message = new TextEncoder().encode('Hello from the frame test')
    const ask = request('solana_signMessage', { message: bs58.encode(message), pubkey: keypair.publicKey.toBase58() })
    assertOwnSolanaAccount(ask, keypair.publicKey)
    const { signature } = (await handleSolanaRpc(ask as never, keypair, chain)) as { signature: string }
    expect(ed25519.verify(bs58.decode(signature), message, keypair.publicKey.toBytes())).toBe(true)
    expect(describeSolanaRequest(ask, chain, keypair.publicKey)).toMatchObject({ title: 'Sign a message', detail: { label: 'Message', text: 'Hello from the frame test' } })
  })

  test('behavior: sign and send (legacy, base64) lands on the cluster and both balances move; the approval shows recipient and exact SOL', async () => {
    const ask = request('solana_signAndSendTransaction', { transaction: await transfer(keypair.publicKey, 12_345_678) })
    const summary = describeSolanaRequest(ask, chain, keypair.publicKey)
    expect(summary.fields).toEqual(
      expect.arrayContaining([
        { label: 'To', value: recipient.toBase58() },
        { label: 'Value', value: '0.012345678 SOL' },
        { label: 'Fee payer', value: keypair.publicKey.toBase58() },
        { label: 'Chain', value: `${chain.name} (${chain.caipNetworkId})` },
      ]),
    )
    const before = await connection.getBalance(recipient)
    const { signature } = (await handleSolanaRpc(ask as never, keypair, chain)) as { signature: string }
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(recipient)).toBe(before + 12_345_678)
  })

  test('behavior: an SPL token send from the Send view is shown as token account, mint and exact amount, and the frame\'s signature lands it', async () => {
    giveDevTokens(rpc.svm, keypair.publicKey.toBase58(), 5_000_000n)
    const network = { ...airlockSolanaLocal, rpcUrls: { default: { http: [rpc.url] } } }
    const { transaction } = await solanaTransfer({ network, send: { from: keypair.publicKey.toBase58(), to: recipient.toBase58(), mint: DEV_SPL_MINT.address, amount: 1_250_000n, decimals: 6 } })
    const ask = request('solana_signAndSendTransaction', { transaction })
    expect(describeSolanaRequest(ask, chain, keypair.publicKey).fields).toEqual(
      expect.arrayContaining([
        { label: 'To token account', value: associatedTokenAddress(recipient.toBase58(), DEV_SPL_MINT.address) },
        { label: 'Token', value: DEV_SPL_MINT.address },
        { label: 'Amount', value: '1.25' },
        { label: 'Instructions', value: '2' },
      ]),
    )
    const { signature } = (await handleSolanaRpc(ask as never, keypair, chain)) as { signature: string }
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect((await connection.getTokenAccountBalance(new PublicKey(associatedTokenAddress(recipient.toBase58(), DEV_SPL_MINT.address)))).value.uiAmountString).toBe('1.25')
  })

  test('behavior: sign only (v0, base58) returns the signed transaction, whose signature is this key\'s and verifies', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({ payerKey: keypair.publicKey, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: recipient, lamports: 1 })] }).compileToV0Message()
    const unsigned = bs58.encode(new VersionedTransaction(message).serialize())
    const { signature, transaction } = (await handleSolanaRpc(request('solana_signTransaction', { transaction: unsigned }) as never, keypair, chain)) as { signature: string; transaction: string }
    const signed = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'))
    expect(bs58.encode(signed.signatures[0]!)).toBe(signature)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), keypair.publicKey.toBytes())).toBe(true)
  })

  test('hostile: a message for another key, a transaction this key need not sign, and bytes that are no transaction are refused before anyone is asked', async () => {
    const [mine, theirs] = [await transfer(keypair.publicKey, 5), await transfer(other.publicKey, 5, 'base58')]
    expect(() => assertOwnSolanaAccount(request('solana_signMessage', { message: '3yZe7d', pubkey: other.publicKey.toBase58() }), keypair.publicKey)).toThrow('Address mismatch')
    expect(() => assertOwnSolanaAccount(request('solana_signTransaction', { transaction: theirs }), keypair.publicKey)).toThrow('Address mismatch')
    expect(() => assertOwnSolanaAccount(request('solana_signAllTransactions', { transactions: [mine, theirs] }), keypair.publicKey)).toThrow('Address mismatch')
    expect(() => assertOwnSolanaAccount(request('solana_signAllTransactions', { transactions: [mine, mine] }), keypair.publicKey)).not.toThrow()
    expect(() => assertOwnSolanaAccount(request('solana_signTransaction', { transaction: 'AQAB' }), keypair.publicKey)).toThrow('Invalid transaction')
  })
})
