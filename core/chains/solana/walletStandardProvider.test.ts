import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { describe, expect, test } from 'vitest'
import { createSolanaTestWallet } from '../../../examples/devnet/wallets/solanaTestWallet.js'
import { airlockSolanaLocal, solanaDevnet } from '../networks.js'
import { walletChainFor } from './walletStandardChain.js'
import { walletStandardProvider, type StandardWalletLike } from './walletStandardProvider.js'

const CHAIN = airlockSolanaLocal.caipNetworkId as `solana:${string}`
const testWallet = () => createSolanaTestWallet({ rpcUrls: { [CHAIN]: 'http://127.0.0.1:1' } })

describe('walletStandardProvider', () => {
  test('default: connect, sign a message (base58 in and out), accounts events, disconnect', async () => {
    const wallet = testWallet()
    const provider = walletStandardProvider(wallet, () => CHAIN)
    const seen: unknown[] = []
    const listener = (accounts: unknown) => seen.push(accounts)
    provider.on?.('accountsChanged', listener)
    expect(await provider.request({ method: 'airlock_connect', params: { silent: true } })).toEqual([])
    const pubkey = wallet.keypair.publicKey.toBase58()
    expect(await provider.request({ method: 'airlock_connect' })).toEqual([pubkey])
    const message = new TextEncoder().encode('hi')
    const { signature } = (await provider.request({ method: 'solana_signMessage', params: { message: bs58.encode(message), pubkey } })) as { signature: string }
    expect(ed25519.verify(bs58.decode(signature), message, wallet.keypair.publicKey.toBytes())).toBe(true)
    await provider.request({ method: 'airlock_disconnect' })
    provider.removeListener?.('accountsChanged', listener)
    await provider.request({ method: 'airlock_connect' })
    expect(seen).toEqual([[pubkey], []])
  })

  test('behavior: bad params and unknown methods are refused before the wallet is asked', async () => {
    const wallet = testWallet()
    const provider = walletStandardProvider(wallet, () => CHAIN)
    await provider.request({ method: 'airlock_connect' })
    const pubkey = wallet.keypair.publicKey.toBase58()
    await expect(provider.request({ method: 'solana_signMessage', params: { message: '0OIl', pubkey } })).rejects.toThrow()
    await expect(provider.request({ method: 'solana_signMessage', params: { message: 'abc', pubkey: 'not-a-key' } })).rejects.toThrow()
    await expect(provider.request({ method: 'solana_signTransaction', params: { transaction: '%%%' } })).rejects.toThrow()
    await expect(provider.request({ method: 'eth_sign' })).rejects.toMatchObject({ code: 4200 })
    // Another account than the connected one: not this wallet's to sign for.
    await expect(provider.request({ method: 'solana_signMessage', params: { message: 'abc', pubkey: '11111111111111111111111111111111' } })).rejects.toMatchObject({ code: 4100 })
    expect(wallet.requests).toEqual([{ kind: 'connect' }])
  })

  test('behavior: a wallet whose answers are malformed (an address that is not its key, a short signature) is refused', async () => {
    const honest = testWallet()
    await (honest.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
    const [account] = honest.accounts
    const lying: StandardWalletLike = {
      ...honest,
      name: honest.name,
      chains: honest.chains,
      accounts: [{ ...account!, address: '11111111111111111111111111111111' }],
      features: {
        'standard:connect': { connect: async () => ({ accounts: [{ ...account!, address: '11111111111111111111111111111111' }] }) },
        'solana:signMessage': { signMessage: async () => [{ signature: new Uint8Array(10), signedMessage: new Uint8Array(1) }] },
      },
    }
    const provider = walletStandardProvider(lying, () => CHAIN)
    await expect(provider.request({ method: 'airlock_connect' })).rejects.toThrow(/Public key and address differ/)
    await expect(provider.request({ method: 'solana_signMessage', params: { message: 'abc', pubkey: '11111111111111111111111111111111' } })).rejects.toThrow(/Invalid signature/)
  })

  test('walletChainFor: the CAIP-2 id or the cluster name, whichever the wallet lists', () => {
    expect(walletChainFor(['solana:devnet'], solanaDevnet)).toBe('solana:devnet')
    expect(walletChainFor([solanaDevnet.caipNetworkId], solanaDevnet)).toBe(solanaDevnet.caipNetworkId)
    expect(walletChainFor(['solana:localnet'], airlockSolanaLocal)).toBe('solana:localnet')
    expect(walletChainFor(['solana:mainnet'], solanaDevnet)).toBeUndefined()
  })
})
