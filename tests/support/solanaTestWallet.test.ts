import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { startSolanaRpc, type SolanaRpc } from '../../examples/devnet/solana/solanaRpc.js'
import { createSolanaTestWallet, UserRejectedError, type SolanaApproval } from '../../examples/devnet/wallets/solanaTestWallet.js'

const CHAIN = airlockSolanaLocal.caipNetworkId as `solana:${string}`

describe('the Solana Wallet Standard test wallet, on the litesvm cluster', () => {
  let rpc: SolanaRpc
  let connection: Connection
  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.url, 'confirmed')
  })
  afterAll(async () => {
    await rpc?.close()
  })

  const features = (wallet: ReturnType<typeof createSolanaTestWallet>) =>
    wallet.features as StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

  test('connect: silent gives nothing until the person approves once; then accounts, change events and disconnect', async () => {
    const wallet = createSolanaTestWallet({ rpcUrls: { [CHAIN]: rpc.url } })
    const f = features(wallet)
    const changes: number[] = []
    const off = f['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    expect(await f['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    expect(wallet.requests).toEqual([])
    const { accounts } = await f['standard:connect'].connect()
    expect(accounts).toEqual([expect.objectContaining({ address: wallet.keypair.publicKey.toBase58(), chains: [CHAIN] })])
    expect(accounts[0]!.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect((await f['standard:connect'].connect({ silent: true })).accounts).toHaveLength(1)
    expect(wallet.requests).toEqual([{ kind: 'connect' }])
    await f['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    off()
    await f['standard:connect'].connect()
    expect(changes).toEqual([1, 0])
  })

  test('a rejection throws 4001 and signs nothing', async () => {
    const answers: boolean[] = [true, false]
    const wallet = createSolanaTestWallet({ rpcUrls: { [CHAIN]: rpc.url }, approve: () => answers.shift() ?? false })
    const f = features(wallet)
    const [account] = (await f['standard:connect'].connect()).accounts
    const refused = await f['solana:signMessage'].signMessage({ account: account!, message: new TextEncoder().encode('hi') }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UserRejectedError)
    expect((refused as UserRejectedError).code).toBe(4001)
    const stranger = createSolanaTestWallet({ rpcUrls: { [CHAIN]: rpc.url } })
    const [other] = (await features(stranger)['standard:connect'].connect()).accounts
    await expect(f['solana:signMessage'].signMessage({ account: other!, message: new Uint8Array(1) })).rejects.toThrow('Account not connected')
  })

  test('signMessage gives an ed25519 signature of the exact bytes by the account key', async () => {
    const wallet = createSolanaTestWallet({ rpcUrls: { [CHAIN]: rpc.url } })
    const f = features(wallet)
    const [account] = (await f['standard:connect'].connect()).accounts
    const message = new TextEncoder().encode('dapp.example wants you to sign in with your Solana account')
    const [output] = await f['solana:signMessage'].signMessage({ account: account!, message })
    expect(ed25519.verify(output!.signature, message, Uint8Array.from(account!.publicKey))).toBe(true)
    expect(ed25519.verify(output!.signature, new TextEncoder().encode('something else'), Uint8Array.from(account!.publicKey))).toBe(false)
    expect(wallet.requests.at(-1)).toEqual<SolanaApproval>({ kind: 'signMessage', message })
  })

  test('signTransaction and signAndSendTransaction (legacy and v0) move SOL on the local cluster', async () => {
    const wallet = createSolanaTestWallet({ keypair: Keypair.fromSeed(new Uint8Array(32).fill(9)), rpcUrls: { [CHAIN]: rpc.url } })
    const f = features(wallet)
    const [account] = (await f['standard:connect'].connect()).accounts
    await connection.requestAirdrop(wallet.keypair.publicKey, LAMPORTS_PER_SOL)
    const to = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()

    // Below the rent-exempt minimum a new account is refused, as on a cluster.
    const tiny = new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: to, lamports: 1_000 }))
    const [tinySigned] = await f['solana:signTransaction'].signTransaction({ account: account!, chain: CHAIN, transaction: tiny.serialize({ requireAllSignatures: false }) })
    await expect(connection.sendRawTransaction(tinySigned!.signedTransaction)).rejects.toThrow(/InsufficientFundsForRent/)

    const legacy = new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: to, lamports: 1_000_000 }))
    const [signed] = await f['solana:signTransaction'].signTransaction({ account: account!, chain: CHAIN, transaction: legacy.serialize({ requireAllSignatures: false }) })
    await connection.sendRawTransaction(signed!.signedTransaction)
    expect(await connection.getBalance(to)).toBe(1_000_000)

    const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: wallet.keypair.publicKey, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: to, lamports: 2_000_000 })] }).compileToV0Message())
    const [sent] = await f['solana:signAndSendTransaction'].signAndSendTransaction({ account: account!, chain: CHAIN, transaction: v0.serialize() })
    expect(await connection.getBalance(to)).toBe(3_000_000)
    expect((await connection.getSignatureStatus(bs58.encode(sent!.signature))).value).toMatchObject({ err: null })
    expect(await connection.getBalance(wallet.keypair.publicKey)).toBe(LAMPORTS_PER_SOL - 3_000_000 - 2 * 5_000)
    await expect(f['solana:signAndSendTransaction'].signAndSendTransaction({ account: account!, chain: 'solana:mainnet', transaction: v0.serialize() })).rejects.toThrow('Unsupported chain')
  })
})
