import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../../examples/devnet/anvil.js'
import { startValidatorRpc } from '../../../tests/support/validatorRpc.js'
import { airlockDevnet } from '../networks.js'
import type { Network } from '../types.js'
import { getTransactionMined } from './getTransactionMined.js'

const on = (url: string): Network => ({ ...airlockDevnet, rpcUrls: { default: { http: [url] } } })

describe('getTransactionMined (a real anvil)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
  })
  afterAll(() => anvil?.stop())

  /** A transfer from an unlocked dev account; its hash. */
  const transfer = () => anvil.rpc<string>('eth_sendTransaction', [{ from: ANVIL_ACCOUNTS[0].address, to: ANVIL_ACCOUNTS[1].address, value: '0x1' }])

  test('default: a transaction in a block is mined', async () => {
    const hash = await transfer()
    // Anvil answers the send before its automined block is in (a fresh-clone run on a busy machine
    // read the receipt too soon): the test waits until anvil itself has the block, then asks.
    for (let i = 0; i < 100 && (await anvil.rpc('eth_getTransactionReceipt', [hash])) === null; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await getTransactionMined({ network: on(anvil.rpcUrl), hash })).toBe(true)
  })

  test('behavior: the hash before its block (automine off) is not mined yet; after the block it is', async () => {
    await anvil.rpc('evm_setAutomine', [false])
    try {
      const hash = await transfer()
      expect(await getTransactionMined({ network: on(anvil.rpcUrl), hash })).toBe(false)
      await anvil.rpc('evm_mine')
      expect(await getTransactionMined({ network: on(anvil.rpcUrl), hash })).toBe(true)
    } finally {
      await anvil.rpc('evm_setAutomine', [true])
    }
  })

  test('behavior: a hash the node never saw is not mined', async () => {
    expect(await getTransactionMined({ network: on(anvil.rpcUrl), hash: `0x${'ab'.repeat(32)}` })).toBe(false)
  })
})

describe('getTransactionMined (a stub node)', () => {
  let node: Awaited<ReturnType<typeof startValidatorRpc>>
  beforeAll(async () => {
    node = await startValidatorRpc()
  })
  afterAll(() => node?.close())

  test('behavior: an answer of another shape is an error, not a "no"', async () => {
    // The stub answers '0x' to eth_getTransactionReceipt: neither a receipt nor null.
    await expect(getTransactionMined({ network: on(node.url), hash: `0x${'ab'.repeat(32)}` })).rejects.toMatchObject({ name: 'ZodError' })
    expect(node.state.methods).toEqual(['eth_getTransactionReceipt'])
  })

  test('behavior: a node that fails (HTTP 500) rejects', async () => {
    node.reset()
    node.state.status = 500
    await expect(getTransactionMined({ network: on(node.url), hash: `0x${'ab'.repeat(32)}` })).rejects.toMatchObject({ name: 'HttpRequestError', status: 500 })
  })
})
