import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../../examples/devnet/anvil.js'
import { startValidatorRpc, type ValidatorRpcState } from '../../../tests/support/validatorRpc.js'
import { checksumEvmAddress, verifyEvmSignature } from './verifyEvmSignature.js'

const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const other = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
const MESSAGE = 'dapp.example wants you to sign in with your Ethereum account'
/** A contract wallet: no key recovers to it, only its chain can vouch for a signature. */
const SMART_ACCOUNT = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
/** 65 bytes that recover to no one: what a smart account's signature looks like to ECDSA. */
const OPAQUE_SIGNATURE = `0x${'11'.repeat(65)}` as const

/** A local JSON-RPC node (tests/support/validatorRpc.ts): `rpc` is what it answers and was asked. */
let node: Awaited<ReturnType<typeof startValidatorRpc>>
let rpc: ValidatorRpcState
let rpcUrl: string
beforeAll(async () => {
  node = await startValidatorRpc()
  ;({ state: rpc, url: rpcUrl } = node)
})
afterEach(() => node.reset())
afterAll(() => node.close())

describe('verifyEvmSignature: offline (no RPC)', () => {
  test('default: only the EOA key over the exact message matches', async () => {
    const signature = await signer.signMessage({ message: MESSAGE })
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address: signer.address, message: MESSAGE, signature })).toBe(true)
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address: signer.address, message: `${MESSAGE}.`, signature })).toBe(false)
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address: other.address, message: MESSAGE, signature })).toBe(false)
  })

  // The key decides, not the letter case: the address is checksummed only after it verified.
  test.each([
    ['lowercase', signer.address.toLowerCase()],
    ['uppercase', `0x${signer.address.slice(2).toUpperCase()}`],
    ['a wrong EIP-55 checksum', signer.address.replace('f39F', 'F39f')],
  ])('behavior: an address in %s still matches its key', async (_case, address) => {
    expect(address.toLowerCase()).toBe(signer.address.toLowerCase())
    expect(address).not.toBe(signer.address)
    const signature = await signer.signMessage({ message: MESSAGE })
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address, message: MESSAGE, signature })).toBe(true)
  })

  test('behavior: without an RPC a smart account cannot verify, and nothing throws', async () => {
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address: SMART_ACCOUNT, message: MESSAGE, signature: OPAQUE_SIGNATURE })).toBe(false)
  })
})

describe('verifyEvmSignature: with an RPC (smart accounts)', () => {
  test('default: the chain vouches for a smart account, after its chain id was checked', async () => {
    const check = { chainId: 'eip155:1', address: SMART_ACCOUNT, message: MESSAGE, signature: OPAQUE_SIGNATURE, rpcUrl } as const
    expect(await verifyEvmSignature(check)).toBe(true)
    expect(rpc.methods).toEqual(['eth_chainId', 'eth_call'])
    rpc.valid = false
    expect(await verifyEvmSignature(check)).toBe(false)
  })

  // Checked before the RPC is asked: a vouching RPC must not turn these into a sign-in.
  test.each([
    ['a signature that is not hex', signer.address, `zz${'11'.repeat(65)}`],
    ['a hex signature shorter than 65 bytes', signer.address, `0x${'11'.repeat(64)}`],
    ['a two-byte signature', signer.address, '0x1234'],
    ['an address that is not one', '0x1234', OPAQUE_SIGNATURE],
  ])('behavior: %s is refused without asking the RPC', async (_case, address, signature) => {
    expect(await verifyEvmSignature({ chainId: 'eip155:1', address, message: MESSAGE, signature, rpcUrl })).toBe(false)
    expect(rpc.methods).toEqual([])
  })

  test('behavior: an RPC of another chain is refused, before any signature check', async () => {
    rpc.chainId = 8453
    await expect(verifyEvmSignature({ chainId: 'eip155:1', address: SMART_ACCOUNT, message: MESSAGE, signature: OPAQUE_SIGNATURE, rpcUrl })).rejects.toMatchObject({
      name: 'AirlockError',
      message: 'The RPC serves another chain than the message',
      details: 'rpc eip155:8453, message eip155:1',
    })
    expect(rpc.methods).toEqual(['eth_chainId'])
  })

  test('behavior: a failing RPC is asked once (no retries), and the failure surfaces', async () => {
    rpc.status = 503
    await expect(verifyEvmSignature({ chainId: 'eip155:1', address: SMART_ACCOUNT, message: MESSAGE, signature: OPAQUE_SIGNATURE, rpcUrl })).rejects.toThrow()
    expect(rpc.methods).toEqual(['eth_chainId'])
  })
})

describe('checksumEvmAddress', () => {
  test('default: any case in, EIP-55 out', () => {
    expect(checksumEvmAddress(signer.address.toLowerCase())).toBe(signer.address)
  })
})
