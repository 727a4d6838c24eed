import { toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Airlock } from '../../core/index.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { connectedAirlock, type EvmStack, until, useEvmStack, walletFor } from '../support/evmStack.js'
import { type TestWallet } from '../../testing/index.js'

const getStack = useEvmStack()
let stack: EvmStack
beforeAll(() => {
  stack = getStack()
})

const connected = (wallet: TestWallet): Promise<Airlock> => connectedAirlock(stack, wallet)

/** The wallet requests of the log as `method:outcome`. */
const requests = (airlock: Airlock): string[] =>
  airlock.log.entries().flatMap(({ action }) =>
    action.type === 'wallet/requestSent' ? [`${action.method}:sent`] : action.type === 'wallet/requestSucceeded' ? [`${action.method}:ok`] : action.type === 'wallet/requestFailed' ? [`${action.method}:failed`] : [],
  )

describe('EVM requests through getProvider (anvil)', () => {
  test('default: personal_sign and eth_signTypedData_v4 give signatures viem verifies', async () => {
    const wallet = walletFor(stack, 0)
    const airlock = await connected(wallet)
    const provider = airlock.getProvider('eip155')!
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex('Sign in to Airlock'), wallet.address] })) as Hex
    expect(await verifyMessage({ address: wallet.address, message: 'Sign in to Airlock', signature })).toBe(true)

    const typed = {
      domain: { name: 'Airlock', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hello' },
    }
    const typedSignature = (await provider.request({ method: 'eth_signTypedData_v4', params: [wallet.address, JSON.stringify(typed)] })) as Hex
    expect(await verifyTypedData({ address: wallet.address, ...typed, signature: typedSignature })).toBe(true)
    expect(requests(airlock)).toEqual(['personal_sign:sent', 'personal_sign:ok', 'eth_signTypedData_v4:sent', 'eth_signTypedData_v4:ok'])
    // The log keeps what was asked, never the signature.
    expect(airlock.log.export()).not.toContain(signature.slice(2, 20))
  })

  test('behavior: eth_sendTransaction lands on anvil and the balance refreshes at once', async () => {
    const wallet = walletFor(stack, 2)
    const airlock = await connected(wallet)
    const key = `eip155:31337:${wallet.address}`
    const before = await until(airlock, (s) => s.balances.native[key] !== undefined)
    const hash = (await airlock.getProvider()!.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: ANVIL_ACCOUNTS[1].address, value: toHex(10n ** 17n) }],
    })) as Hex
    // anvil mines at once, but under load the receipt can lag the hash by a moment.
    let receipt: { status: string; from: string } | null = null
    for (let tries = 0; receipt === null && tries < 50; tries++) {
      receipt = await stack.chain1.rpc<{ status: string; from: string } | null>('eth_getTransactionReceipt', [hash])
      if (receipt === null) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(receipt).toMatchObject({ status: '0x1', from: wallet.address.toLowerCase() })
    expect(requests(airlock)).toEqual(['eth_sendTransaction:sent', 'eth_sendTransaction:ok'])

    const onChain = BigInt(await stack.chain1.rpc<string>('eth_getBalance', [wallet.address, 'latest']))
    const after = await until(airlock, (s) => s.balances.native[key]?.value === onChain.toString())
    expect(BigInt(after.balances.native[key]!.value)).toBeLessThan(BigInt(before.balances.native[key]!.value) - 10n ** 17n + 1n)
  })

  test('behavior: a hash answered before its block (as real wallets do): the balance is read again once the receipt is in', async () => {
    const wallet = walletFor(stack, 3)
    const airlock = await connected(wallet)
    const key = `eip155:31337:${wallet.address}`
    const before = await until(airlock, (s) => s.balances.native[key] !== undefined)
    await stack.chain1.rpc('evm_setAutomine', [false])
    try {
      await airlock.getProvider()!.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: ANVIL_ACCOUNTS[1].address, value: toHex(10n ** 17n) }],
      })
      // The read right after the send still sees the old balance: the transaction waits in the pool.
      await until(airlock, (s) => (s.balances.native[key]?.fetchedAt ?? 0) > (before.balances.native[key]?.fetchedAt ?? 0))
      expect(airlock.getState().balances.native[key]!.value).toBe(before.balances.native[key]!.value)
      await stack.chain1.rpc('evm_mine', [])
    } finally {
      await stack.chain1.rpc('evm_setAutomine', [true])
    }
    const onChain = BigInt(await stack.chain1.rpc<string>('eth_getBalance', [wallet.address, 'latest']))
    expect(onChain).toBeLessThan(BigInt(before.balances.native[key]!.value) - 10n ** 17n + 1n)
    // Looked for every 2 s (RECEIPT_POLL_MS), well before the 30 s balance cache would end.
    await until(airlock, (s) => s.balances.native[key]?.value === onChain.toString(), 10_000)
  })

  test('behavior: a method off the list is refused before the wallet sees it', async () => {
    const wallet = walletFor(stack, 0)
    const airlock = await connected(wallet)
    await expect(airlock.getProvider('eip155')!.request({ method: 'eth_sign', params: [wallet.address, '0x00'] })).rejects.toThrow('Requested RPC call is not allowed')
    expect(wallet.calls.eth_sign).toBeUndefined()
    expect(requests(airlock)).toEqual(['eth_sign:sent', 'eth_sign:failed'])
    expect(airlock.log.entries().find((e) => e.action.type === 'wallet/requestFailed')?.action).toMatchObject({ error: { message: 'Requested RPC call is not allowed', code: 4200 } })
  })

  test('behavior: a rejected signature reaches the caller with its code and is recorded', async () => {
    const wallet = walletFor(stack, 0)
    const airlock = await connected(wallet)
    wallet.rejectNext('personal_sign')
    await expect(airlock.getProvider()!.request({ method: 'personal_sign', params: [toHex('x'), wallet.address] })).rejects.toMatchObject({ code: 4001 })
    expect(airlock.log.entries().find((e) => e.action.type === 'wallet/requestFailed')?.action).toMatchObject({ method: 'personal_sign', error: { code: 4001 } })
    expect(airlock.getState().requests.pending).toEqual({})
  })
})
