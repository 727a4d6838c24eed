import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startEvmStack, walletFor, type EvmStack } from '../support/evmStack.js'

let stack: EvmStack
beforeAll(async () => {
  stack = await startEvmStack()
})
afterAll(() => stack.stop())

describe('createTestWallet', () => {
  test('default: accounts only after eth_requestAccounts; reads go to the current chain', async () => {
    const wallet = walletFor(stack, 0, { 31337: stack.chain1.rpcUrl })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await wallet.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] })).toBe(await stack.chain1.rpc('eth_getBalance', [wallet.address, 'latest']))
    wallet.forget()
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    expect(wallet.calls).toMatchObject({ eth_accounts: 2, eth_requestAccounts: 1, eth_chainId: 1, eth_getBalance: 1 })
  })

  test('behavior: unknown chains answer 4902 until added; switching and moving emit chainChanged', async () => {
    const wallet = walletFor(stack, 0, { 31337: stack.chain1.rpcUrl })
    const seen: unknown[] = []
    const listener = (chain: unknown) => seen.push(chain)
    wallet.on('chainChanged', listener)
    await expect(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toMatchObject({ code: 4902 })
    await wallet.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6a', chainName: 'Two', rpcUrls: [stack.chain2.rpcUrl] }] })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    wallet.moveToChain(5)
    expect(seen).toEqual(['0x7a6a', '0x5'])
    expect(wallet.chainId).toBe(5)
    wallet.removeListener('chainChanged', listener)
    expect(wallet.listenerCount('chainChanged')).toBe(0)
  })

  test('behavior: scripted failures hit the next call only; the plain core never throws', async () => {
    const wallet = walletFor(stack, 0)
    wallet.rejectNext('eth_requestAccounts')
    expect(await wallet.call('eth_requestAccounts')).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    expect(await wallet.call('eth_requestAccounts')).toEqual({ result: [wallet.address] })
    wallet.failNext('personal_sign', { code: -32000, message: 'boom' })
    await expect(wallet.request({ method: 'personal_sign', params: ['0x00', wallet.address] })).rejects.toMatchObject({ code: -32000, message: 'boom' })
    expect(await wallet.call('personal_sign', ['0x00', '0x0000000000000000000000000000000000000001'])).toMatchObject({ error: { code: 4100 } })
    expect(await wallet.call('wallet_doSomethingElse')).toMatchObject({ error: { code: 4200 } })
  })
})
