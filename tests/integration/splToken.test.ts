import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { associatedTokenAddress, TOKEN_PROGRAM_ID } from '../../core/chains/solana/programAddress.js'
import type { Network } from '../../core/chains/types.js'
import { balanceResponse } from '../../core/portfolio/portfolioSchemas.js'
import { readSolanaTokens, shortMint } from '../../core/portfolio/readSolanaTokens.js'
import { solanaTransfer } from '../../core/portfolio/solanaTransfer.js'
import { createBlockchainApi } from '../../examples/devnet/blockchainApi.js'
import { startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { DEV_SPL_MINT, giveDevTokens } from '../../examples/devnet/solana/devSplToken.js'
import { startSolanaRpc, type SolanaRpc } from '../../examples/devnet/solana/solanaRpc.js'

/**
 * SPL tokens end to end on the local cluster (litesvm runs the real SPL Token and Associated
 * Token Account programs): the shim's getTokenAccountsByOwner as web3.js reads it, the client's
 * token list without a data service, the dev data service's Solana balances, and the Send view's
 * SPL transfer built by the client, signed like a wallet does and run by the token program.
 */
describe('SPL tokens on the local Solana cluster', () => {
  let rpc: SolanaRpc
  let connection: Connection
  let network: Network
  let gateway: Gateway
  const alice = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 11))
  const bob = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => 90 - i))
  const mint = DEV_SPL_MINT.address
  const signal = new AbortController().signal

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
    connection = new Connection(rpc.url, { commitment: 'confirmed', disableRetryOnRateLimit: true })
    network = { ...airlockSolanaLocal, rpcUrls: { default: { http: [rpc.url] } } }
    rpc.svm.airdrop(alice.publicKey.toBase58() as never, BigInt(2 * LAMPORTS_PER_SOL) as never)
    giveDevTokens(rpc.svm, alice.publicKey.toBase58(), 1000_000000n)
    const api = createBlockchainApi()
    api.setSolanaChains([{ caipNetworkId: airlockSolanaLocal.caipNetworkId, svm: rpc.svm, mints: [DEV_SPL_MINT] }])
    gateway = await startGateway({ port: 0, host: '127.0.0.1', routes: (req, url, res) => api.route(req, url, res) })
  })
  afterAll(async () => {
    await Promise.allSettled([rpc?.close(), gateway?.close()])
  })

  /** Signs the unsigned transaction as a wallet would and sends it; the cluster's signature. */
  const signAndSend = async (base64: string, signer: Keypair): Promise<string> => {
    const tx = VersionedTransaction.deserialize(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
    tx.sign([signer])
    return connection.sendRawTransaction(tx.serialize())
  }
  const tokenBalance = async (owner: PublicKey): Promise<string | null> => {
    const { value } = await connection.getParsedTokenAccountsByOwner(owner, { mint: new PublicKey(mint) })
    return value[0]?.account.data.parsed.info.tokenAmount.uiAmountString ?? null
  }

  test('default: web3.js reads the dev mint held in the associated account, parsed, by mint and by program', async () => {
    const byMint = await connection.getParsedTokenAccountsByOwner(alice.publicKey, { mint: new PublicKey(mint) })
    expect(byMint.value).toHaveLength(1)
    expect(byMint.value[0]!.pubkey.toBase58()).toBe(associatedTokenAddress(alice.publicKey.toBase58(), mint))
    expect(byMint.value[0]!.account.data.parsed.info).toMatchObject({ mint, owner: alice.publicKey.toBase58(), tokenAmount: { amount: '1000000000', decimals: 6, uiAmountString: '1000' } })
    const byProgram = await connection.getTokenAccountsByOwner(alice.publicKey, { programId: new PublicKey(TOKEN_PROGRAM_ID) })
    expect(byProgram.value.map((a) => a.pubkey.toBase58())).toEqual([byMint.value[0]!.pubkey.toBase58()])
    expect((await connection.getTokenAccountBalance(byMint.value[0]!.pubkey)).value.uiAmountString).toBe('1000')
    expect((await connection.getParsedTokenAccountsByOwner(bob.publicKey, { mint: new PublicKey(mint) })).value).toEqual([])
    await expect(connection.getTokenAccountsByOwner(alice.publicKey, { mint: bob.publicKey })).rejects.toThrow('could not find mint')
  })

  test('default: without a data service the client lists SOL and the SPL token by its short mint; the dev data service names and prices it', async () => {
    const tokens = await readSolanaTokens({ network, address: alice.publicKey.toBase58(), signal })
    expect(tokens.map((t) => [t.symbol, t.quantity.numeric, t.address ?? null])).toEqual([
      ['SOL', '2', null],
      [shortMint(mint), '1000', `${airlockSolanaLocal.caipNetworkId}:${mint}`],
    ])
    const response = await fetch(`${gateway.url}/v1/account/${alice.publicKey.toBase58()}/balance?currency=usd&chainId=${encodeURIComponent(airlockSolanaLocal.caipNetworkId)}`)
    // What the client reads of it (the same zod edge as in the page): names, prices, icons on the service's origin.
    const balances = balanceResponse(new URL(gateway.url).origin).parse(await response.json())
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.value, b.address ?? null])).toEqual([
      ['SOL', '2', 300, null],
      ['dUSD', '1000', 1000, `${airlockSolanaLocal.caipNetworkId}:${mint}`],
    ])
    expect(balances[1]!.iconUrl).toBe(`${new URL(gateway.url).origin}/v1/token-icon/dUSD`)
    // A Solana address asked for an EVM chain is not read as Solana; bad addresses are refused.
    expect((await fetch(`${gateway.url}/v1/account/${alice.publicKey.toBase58()}/balance?chainId=eip155:1`)).status).toBe(400)
    expect((await (await fetch(`${gateway.url}/v1/account/${alice.publicKey.toBase58()}/nfts?chainId=${encodeURIComponent(airlockSolanaLocal.caipNetworkId)}`)).json()) as unknown).toEqual({ data: [], next: null })
  })

  test('behavior: sending 1.5 dUSD creates the receiver\'s associated account (its rent in the fee), the token program moves the amount; a second send costs only the fee', async () => {
    const send = { from: alice.publicKey.toBase58(), to: bob.publicKey.toBase58(), mint, amount: 1_500_000n, decimals: 6 }
    const rent = await connection.getMinimumBalanceForRentExemption(165)
    const first = await solanaTransfer({ network, send, signal })
    expect(first.fee).toBe(5000n + BigInt(rent))
    const lamportsBefore = await connection.getBalance(alice.publicKey)
    await signAndSend(first.transaction, alice)
    expect(await tokenBalance(alice.publicKey)).toBe('998.5')
    expect(await tokenBalance(bob.publicKey)).toBe('1.5')
    expect(await connection.getBalance(alice.publicKey)).toBe(lamportsBefore - 5000 - rent)

    const second = await solanaTransfer({ network, send: { ...send, amount: 500_000n }, signal })
    expect(second.fee).toBe(5000n)
    await signAndSend(second.transaction, alice)
    expect(await tokenBalance(bob.publicKey)).toBe('2')
    // Back to the sender: bob pays from his associated account.
    await connection.requestAirdrop(bob.publicKey, LAMPORTS_PER_SOL)
    await signAndSend((await solanaTransfer({ network, send: { from: send.to, to: send.from, mint, amount: 2_000_000n, decimals: 6 }, signal })).transaction, bob)
    expect(await tokenBalance(alice.publicKey)).toBe('1000')
    expect(await tokenBalance(bob.publicKey)).toBe('0')
  })

  test('error: more than held, decimals that are not the mint\'s, and a bad receiver are refused before the wallet is asked', async () => {
    const send = { from: alice.publicKey.toBase58(), to: bob.publicKey.toBase58(), mint, decimals: 6 }
    await expect(solanaTransfer({ network, send: { ...send, amount: 1000_000001n }, signal })).rejects.toThrow('Insufficient balance')
    await expect(solanaTransfer({ network, send: { ...send, amount: 1n, decimals: 9 }, signal })).rejects.toThrow('The token changed on the network; try again')
    await expect(solanaTransfer({ network, send: { ...send, to: '0xnot', amount: 1n }, signal })).rejects.toThrow('Invalid Solana address')
    await expect(solanaTransfer({ network, send: { ...send, amount: 0n }, signal })).rejects.toThrow('Invalid amount')
  })
})
