import { ed25519 } from '@noble/curves/ed25519'
import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { createClient } from 'redis'
import { privateKeyToAccount } from 'viem/accounts'
import { airlockBitcoinRegtest, airlockSolanaLocal } from '../../core/chains/networks.js'
import { formatSiwxMessage } from '../../core/siwx/formatSiwxMessage.js'
import { createMemoryNonceStore, createRedisNonceStore, type SiwxNonceStore } from '../../core/siwx/server/index.js'
import { createSiwxVerifier, type VerifySiwxParameters } from '../../core/siwx/verifySiwx.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createBitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'
import { startRedis } from '../support/redisServer.js'

export interface SiwxBenchRow {
  readonly chain: 'EVM' | 'Solana' | 'Bitcoin'
  readonly store: 'memory' | 'Redis'
  /** Verifications per second: signature, message checks and the nonce consumed, in one Node process. */
  readonly perSecond: number
  readonly count: number
}

type Signer = { chainId: string; address: string; sign(message: string): Promise<string> }

async function signers(): Promise<Record<SiwxBenchRow['chain'], Signer>> {
  const evm = privateKeyToAccount(ANVIL_ACCOUNTS[2].privateKey)
  const solana = Keypair.generate()
  const bitcoin = createBitcoinTestWallet({ apiUrl: 'http://127.0.0.1:9' })
  await bitcoin.request('getAccounts', { purposes: ['payment'] })
  return {
    EVM: { chainId: 'eip155:1', address: evm.address, sign: (message) => evm.signMessage({ message }) },
    Solana: { chainId: airlockSolanaLocal.caipNetworkId, address: solana.publicKey.toBase58(), sign: async (message) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), solana.secretKey.slice(0, 32))) },
    Bitcoin: {
      chainId: airlockBitcoinRegtest.caipNetworkId,
      address: bitcoin.payment.address,
      sign: async (message) => {
        // BIP-322 simple, the default of sats-connect wallets.
        const answer = await bitcoin.request('signMessage', { address: bitcoin.payment.address, message })
        if (answer.status !== 'success') throw new Error(answer.error.message)
        return (answer.result as { signature: string }).signature
      },
    },
  }
}

/** Runs `work` over every item with at most `width` in flight (enough to hide Redis's round trip, still one thread). */
async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!)
  }))
}

/**
 * Sign-in verifications per second on one Node thread (issue 19): for each chain and nonce store,
 * `count` messages signed ahead (each with a nonce the store issued), then verified with 16 in
 * flight by `createSiwxVerifier({ nonces })`; every one must be accepted. Redis: a redis-server on
 * this machine (found or installed like the tests'), reached over loopback.
 */
export async function measureSiwx(log: (line: string) => void, count = 1_000): Promise<SiwxBenchRow[]> {
  const redis = await startRedis()
  const client = createClient({ url: redis.url, disableOfflineQueue: true })
  client.on('error', () => {})
  await client.connect()
  try {
    const stores: Record<SiwxBenchRow['store'], () => SiwxNonceStore> = {
      memory: () => createMemoryNonceStore(),
      Redis: () => createRedisNonceStore({ client, prefix: `bench${Date.now()}:` }),
    }
    const rows: SiwxBenchRow[] = []
    const now = Date.now()
    for (const [chain, signer] of Object.entries(await signers()) as [SiwxBenchRow['chain'], Signer][]) {
      for (const [store, make] of Object.entries(stores) as [SiwxBenchRow['store'], () => SiwxNonceStore][]) {
        const nonces = make()
        const verify = createSiwxVerifier({ nonces })
        const signed: VerifySiwxParameters[] = []
        for (let i = 0; i < count + 20; i++) {
          const nonce = await nonces.issue()
          const message = formatSiwxMessage({ domain: 'dapp.example', accountAddress: signer.address, chainId: signer.chainId as never, uri: 'https://dapp.example/', version: '1', nonce, issuedAt: new Date(now - 1_000).toISOString() })
          signed.push({ message, signature: await signer.sign(message), nonce, domain: 'dapp.example', chainId: signer.chainId as never, now })
        }
        let accepted = 0
        const check = async (params: VerifySiwxParameters) => {
          const result = await verify(params)
          if (!result.ok) throw new Error(`${chain} with the ${store} store refused a good sign-in: ${result.reason} ${result.details}`)
          accepted++
        }
        // Warm-up: the chain's verifier loads on first use, and V8 optimises.
        await pool(signed.slice(0, 20), 4, check)
        const started = performance.now()
        await pool(signed.slice(20), 16, check)
        const seconds = (performance.now() - started) / 1000
        if (accepted !== count + 20) throw new Error(`${accepted} of ${count + 20} accepted`)
        const perSecond = Math.round(count / seconds)
        log(`siwx: ${chain}, ${store} nonce store: ${perSecond.toLocaleString('en-US')} verifications/s (${count})`)
        rows.push({ chain, store, perSecond, count })
      }
    }
    return rows
  } finally {
    await client.close().catch(() => client.destroy())
    await redis.stop()
  }
}
