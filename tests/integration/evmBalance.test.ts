import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getNativeBalance } from '../../core/chains/evm/getNativeBalance.js'
import { ANVIL_ACCOUNTS, freePort } from '../../examples/devnet/anvil.js'
import { startEvmStack, type EvmStack } from '../support/evmStack.js'

let stack: EvmStack
let dead: string
beforeAll(async () => {
  stack = await startEvmStack()
  // A port nobody listens on: connection refused, at once.
  dead = `http://127.0.0.1:${await freePort()}`
})
afterAll(() => stack.stop())

const address = ANVIL_ACCOUNTS[0].address

describe('getNativeBalance (anvil)', () => {
  test('default: the balance anvil reports, as a bigint', async () => {
    const [network] = stack.networks
    expect(await getNativeBalance({ network, address })).toBe(BigInt(await stack.chain1.rpc<string>('eth_getBalance', [address, 'latest'])))
  })

  test('behavior: a down RPC falls through to the next URL; all down rejects', async () => {
    const [network] = stack.networks
    const withFallback = { ...network, rpcUrls: { default: { http: [dead, stack.chain1.rpcUrl] } } }
    expect(await getNativeBalance({ network: withFallback, address })).toBeGreaterThan(0n)
    await expect(getNativeBalance({ network: { ...network, rpcUrls: { default: { http: [dead] } } }, address })).rejects.toThrow()
  })

  test('behavior: an aborted signal stops the request', async () => {
    const [network] = stack.networks
    const controller = new AbortController()
    controller.abort()
    await expect(getNativeBalance({ network, address, signal: controller.signal })).rejects.toThrow()
  })
})
