import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockDevnet, createAirlock, evmAdapter, replay, type Action, type Airlock } from '../../core/index.js'
import { getNativeBalance } from '../../core/chains/evm/getNativeBalance.js'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { createStorage } from '../../storage/createStorage.js'
import { fakeWindow, startEvmStack, until, type EvmStack } from '../support/evmStack.js'
import { announceWallet, createTestWallet, TEST_WALLET_INFO } from '../../testing/index.js'

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

describe('balance after an RPC outage (anvil stopped, then restarted on the same port)', () => {
  // The SPEC's 30 s pause, shortened through the adapter's parameter: the fault is real, the wait is not.
  const PAUSE_MS = 1_000

  test('behavior: the balance comes back on its own once the RPC does; a refresh asked during the pause is queued, not dropped (fault 1c)', async () => {
    const port = await freePort()
    let chain: Anvil = await startAnvil({ port, chainId: 31337 })
    let airlock: Airlock | undefined
    try {
      const network = { ...airlockDevnet, rpcUrls: { default: { http: [chain.rpcUrl] } } }
      const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNTS[4].privateKey, chains: { 31337: chain.rpcUrl }, chainId: 31337 })
      const win = fakeWindow()
      announceWallet(win, wallet)
      airlock = createAirlock({ networks: [network], adapters: [evmAdapter({ balance: { retryPauseMs: PAUSE_MS } })], deps: { window: win, storage: createStorage({ backend: 'memory' }) } })
      await airlock.ready()
      airlock.dispatch({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
      const key = `eip155:31337:${wallet.address}` as const
      await until(airlock, (s) => s.balances.native[key] !== undefined)
      const logged = (type: Action['type']) => airlock!.log.entries().filter((e) => e.action.type === type)

      await chain.stop()
      airlock.dispatch({ type: 'balance/fetchRequested', caipAddress: key, force: true })
      const failed = await until(airlock, (s) => s.balances.failedAt[key] !== undefined)
      // Asked again during the pause: queued for its end (no spinner meanwhile), not skipped.
      airlock.dispatch({ type: 'balance/fetchRequested', caipAddress: key, force: true })
      expect(logged('balance/fetchQueued').map((e) => e.action)).toEqual([{ type: 'balance/fetchQueued', caipAddress: key, at: failed.balances.failedAt[key]! + PAUSE_MS }])
      expect(logged('balance/fetchSkipped')).toEqual([])
      expect(airlock.getState().balances.loading[key]).toBeUndefined()

      chain = await startAnvil({ port, chainId: 31337 })
      // No user action from here: the fetch at the end of the pause brings the balance back.
      const back = await until(airlock, (s) => s.balances.failedAt[key] === undefined, PAUSE_MS * 4 + 5_000)
      expect(back.balances.native[key]?.value).toBe(BigInt(await chain.rpc<string>('eth_getBalance', [wallet.address, 'latest'])).toString())
      expect(back.balances.loading[key]).toBeUndefined()
      expect(replay(airlock.log.export())).toEqual(airlock.getState())
    } finally {
      airlock?.destroy()
      await chain.stop()
    }
  })
})
