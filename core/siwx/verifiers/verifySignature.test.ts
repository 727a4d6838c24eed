import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../../examples/devnet/anvil.js'
import type { SiwxNamespace } from '../siwxMessageSchema.js'
import { canonicalAddress, type SignatureCheck, verifySignature } from './verifySignature.js'

/** verifySignature picks the chain's rules by namespace: one valid signature per chain, signed here or published. */

const message = 'airlock wants you to sign in'
const evm = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const solanaSecret = ed25519.utils.randomPrivateKey()

const checks: Record<SiwxNamespace, () => Promise<SignatureCheck>> = {
  eip155: async () => ({ namespace: 'eip155', chainId: 'eip155:1', address: evm.address, message, signature: await evm.signMessage({ message }) }),
  solana: async () => ({
    namespace: 'solana',
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    address: bs58.encode(ed25519.getPublicKey(solanaSecret)),
    message,
    signature: bs58.encode(ed25519.sign(new TextEncoder().encode(message), solanaSecret)),
  }),
  // The bitcoinjs-message vector (BIP-137, compressed P2PKH).
  bip122: async () => ({
    namespace: 'bip122',
    chainId: 'bip122:000000000019d6689c085ae165831e93',
    address: '1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV',
    message: 'This is an example of a signed message.',
    signature: 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=',
  }),
}

describe('verifySignature', () => {
  test.each(Object.keys(checks) as SiwxNamespace[])('default: a valid %s signature is true', async (namespace) => {
    expect(await verifySignature(await checks[namespace]())).toBe(true)
  })

  test('behavior: a signature is checked by its own namespace\'s rules only', async () => {
    expect(await verifySignature({ ...(await checks.solana()), namespace: 'bip122' })).toBe(false)
    expect(await verifySignature({ ...(await checks.eip155()), namespace: 'solana' })).toBe(false)
  })

  // The type allows only the three, but a JavaScript caller can pass anything: it is never valid.
  test('behavior: a namespace outside SIWX is false, not undefined', async () => {
    const check = { ...(await checks.eip155()), namespace: 'cosmos' as SiwxNamespace }
    expect(await verifySignature(check)).toBe(false)
  })
})

describe('canonicalAddress', () => {
  test('behavior: EIP-55 for EVM, as signed for the others', async () => {
    expect(await canonicalAddress('eip155', evm.address.toLowerCase())).toBe(evm.address)
    expect(await canonicalAddress('bip122', '1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV')).toBe('1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV')
  })
})
