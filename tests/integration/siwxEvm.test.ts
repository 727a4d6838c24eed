import { concat, getAddress, getContractAddress, pad, serializeErc6492Signature, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { formatSiwxMessage } from '../../core/siwx/formatSiwxMessage.js'
import type { SiwxMessageData } from '../../core/siwx/types.js'
import { createSiwxVerifier } from '../../core/siwx/verifySiwx.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { CREATE2_FACTORY, deployCode, erc1271Runtime } from '../support/erc1271.js'
import { type EvmStack, useEvmStack } from '../support/evmStack.js'

/**
 * Smart-account sign-in against a real chain: an EIP-1271 wallet deployed on anvil, and an
 * EIP-6492 wallet that does not exist yet (deployed by anvil's CREATE2 factory inside the
 * verification call). viem's `publicClient.verifyMessage` does the chain side.
 */
const getStack = useEvmStack()
let stack: EvmStack
const owner = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const stranger = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
const now = Date.parse('2026-03-01T12:00:00Z')
let n = 0

beforeAll(() => {
  stack = getStack()
})

function message(accountAddress: Address): SiwxMessageData {
  return { domain: 'dapp.test', accountAddress, chainId: 'eip155:31337', uri: 'https://dapp.test/', version: '1', nonce: `Smart${++n}Account`, issuedAt: '2026-03-01T11:59:00.000Z' }
}

/** RPC URLs are a trust setting: they go to the verifier, never into a call. */
async function verify(data: SiwxMessageData, signature: Hex, rpcUrls: Record<string, string> | null = { 'eip155:31337': stack.chain1.rpcUrl }) {
  const verifier = createSiwxVerifier(rpcUrls ? { rpcUrls } : {})
  return verifier({ message: formatSiwxMessage(data), signature, domain: 'dapp.test', nonce: data.nonce, chainId: 'eip155:31337', now })
}

async function deploy1271(): Promise<Address> {
  const hash = await stack.chain1.rpc<Hex>('eth_sendTransaction', [{ from: ANVIL_ACCOUNTS[2].address, data: deployCode(erc1271Runtime(owner.address)) }])
  let receipt: { contractAddress: Address; status: string } | null = null
  // Anvil mines at once, but the receipt can trail the hash by a moment.
  for (let attempt = 0; attempt < 50 && !receipt; attempt++) {
    receipt = await stack.chain1.rpc('eth_getTransactionReceipt', [hash])
    if (!receipt) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect(receipt?.status).toBe('0x1')
  return receipt!.contractAddress
}

describe('verifySiwx with smart accounts (anvil)', () => {
  test('default: EIP-1271, a deployed contract wallet whose owner signed', async () => {
    const wallet = await deploy1271()
    const data = message(wallet)
    const signature = await owner.signMessage({ message: formatSiwxMessage(data) })
    expect(await verify(data, signature)).toEqual({ ok: true, address: getAddress(wallet), chainId: 'eip155:31337' })
  })

  test('behavior: EIP-1271 refuses another signer, and fails closed without an RPC or with another chain\'s', async () => {
    const wallet = await deploy1271()
    const data = message(wallet)
    const text = formatSiwxMessage(data)
    expect(await verify(data, await stranger.signMessage({ message: text }))).toMatchObject({ ok: false, reason: 'invalid_signature' })
    const signature = await owner.signMessage({ message: text })
    expect(await verify(data, signature, null)).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verify(data, signature, { 'eip155:31337': stack.chain2.rpcUrl })).toMatchObject({ ok: false, reason: 'verifier_error' })
  })

  test('behavior: EIP-6492, a wallet not deployed yet (CREATE2 factory in the signature)', async () => {
    const salt = pad(`0x${(++n).toString(16)}`, { size: 32 })
    const bytecode = deployCode(erc1271Runtime(owner.address))
    const wallet = getContractAddress({ opcode: 'CREATE2', from: CREATE2_FACTORY, salt, bytecode })
    expect(await stack.chain1.rpc('eth_getCode', [wallet, 'latest'])).toBe('0x')
    const data = message(wallet)
    const text = formatSiwxMessage(data)
    const wrap = async (signer: typeof owner) => serializeErc6492Signature({ address: CREATE2_FACTORY, data: concat([salt, bytecode]), signature: await signer.signMessage({ message: text }) })
    expect(await verify(data, await wrap(owner))).toMatchObject({ ok: true, address: wallet })
    expect(await verify(data, await wrap(stranger))).toMatchObject({ ok: false, reason: 'invalid_signature' })
    // Verification simulates the deployment; nothing was deployed for real.
    expect(await stack.chain1.rpc('eth_getCode', [wallet, 'latest'])).toBe('0x')
  })

  test('behavior: a plain EOA also verifies through the RPC', async () => {
    const data = message(owner.address)
    expect(await verify(data, await owner.signMessage({ message: formatSiwxMessage(data) }))).toMatchObject({ ok: true })
  })
})
