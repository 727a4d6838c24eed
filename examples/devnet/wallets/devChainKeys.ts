import { Keypair } from '@solana/web3.js'
import { createBitcoinTestWallet } from './bitcoinTestWallet.js'

/**
 * The demo's dev Solana and Bitcoin keys: fixed, like anvil's dev accounts (public test keys, never
 * for real funds), so the dev stack can fund them at start and a reload finds the same accounts.
 */
export const DEV_SOLANA_SEED = Uint8Array.from({ length: 32 }, (_, i) => 0xa1 ^ i)
export const DEV_BITCOIN_SEED = 0xa1

/** 10 SOL and 0.1 BTC: the dev stack pays these to the dev wallets at start. */
export const DEV_SOLANA_LAMPORTS = 10_000_000_000n
export const DEV_BITCOIN_SATS = 10_000_000n

export function devSolanaKeypair(): Keypair {
  return Keypair.fromSeed(DEV_SOLANA_SEED)
}

/** The dev Bitcoin wallet's payment address (regtest P2WPKH). */
export function devBitcoinAddress(): string {
  return createBitcoinTestWallet({ apiUrl: '', seed: DEV_BITCOIN_SEED }).payment.address
}
