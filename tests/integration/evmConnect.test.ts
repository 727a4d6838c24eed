import { beforeAll, describe, expect, test } from 'vitest'
import { type Action, type Airlock, type ConnectionStatus } from '../../core/index.js'
import { createStorage } from '../../storage/createStorage.js'
import { type EvmStack, fakeWindow, loggedTypes, startAirlock, until, useEvmStack, walletFor } from '../support/evmStack.js'
import { announceWallet, TEST_WALLET_INFO, type TestWallet } from '../../testing/index.js'

const WALLET_ID = TEST_WALLET_INFO.rdns
const connect: Action = { type: 'connection/connectRequested', namespace: 'eip155', connectorId: WALLET_ID }

const getStack = useEvmStack()
let stack: EvmStack
beforeAll(() => {
  stack = getStack()
})

async function connected(wallet: TestWallet, storage = createStorage({ backend: 'memory' })): Promise<Airlock> {
  const win = fakeWindow()
  announceWallet(win, wallet)
  const airlock = startAirlock(stack, { window: win, storage })
  await airlock.ready()
  airlock.dispatch(connect)
  await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected')
  return airlock
}

describe('EVM connect (anvil)', () => {
  test('default: the announced test wallet connects; its address and anvil balance land in state', async () => {
    const wallet = walletFor(stack, 0)
    const airlock = await connected(wallet)
    const key = `eip155:31337:${wallet.address}`
    const state = await until(airlock, (s) => s.balances.native[key] !== undefined)
    expect(state.connectors.list.find((c) => c.id === WALLET_ID)).toMatchObject({ name: 'Airlock Test Wallet', type: 'ANNOUNCED', rdns: WALLET_ID, installed: true })
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connected', caipAddress: key, connectorId: WALLET_ID, accounts: [key] })
    expect(state.connection.recentWallets[0]).toEqual({ id: WALLET_ID, name: 'Airlock Test Wallet', rdns: WALLET_ID })
    const onChain = BigInt(await stack.chain1.rpc<string>('eth_getBalance', [wallet.address, 'latest']))
    expect(state.balances.native[key]).toMatchObject({ value: onChain.toString(), decimals: 18, symbol: 'ETH' })
    expect(wallet.calls).toMatchObject({ eth_requestAccounts: 1, eth_chainId: 1 })
  })

  test('behavior: a double connectRequested prompts the wallet exactly once', async () => {
    const wallet = walletFor(stack, 1)
    const win = fakeWindow()
    announceWallet(win, wallet)
    const airlock = startAirlock(stack, { window: win })
    await airlock.ready()
    airlock.dispatch(connect)
    airlock.dispatch(connect)
    await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected')
    expect(wallet.calls.eth_requestAccounts).toBe(1)
  })

  test('behavior: a rejected connect (4001) ends disconnected with the error; a retry works', async () => {
    const wallet = walletFor(stack, 1)
    wallet.rejectNext('eth_requestAccounts')
    const win = fakeWindow()
    announceWallet(win, wallet)
    const airlock = startAirlock(stack, { window: win })
    await airlock.ready()
    airlock.dispatch(connect)
    const failed = await until(airlock, (s) => s.connection.errors.eip155 !== undefined)
    expect(failed.connection.namespaces.eip155?.status).toBe('disconnected')
    expect(failed.connection.errors.eip155).toEqual({ message: 'User rejected the request.', code: 4001 })
    airlock.dispatch(connect)
    const retried = await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected')
    expect(retried.connection.errors.eip155).toBeUndefined()
    expect(wallet.calls.eth_requestAccounts).toBe(2)
  })

  test('behavior: after a reload the stored connection is `connecting` until eth_accounts confirms it', async () => {
    const wallet = walletFor(stack, 2)
    const storage = createStorage({ backend: 'memory' })
    const first = await connected(wallet, storage)
    await waitForStored(storage)
    first.destroy()

    const win = fakeWindow()
    announceWallet(win, wallet)
    const second = startAirlock(stack, { window: win, storage })
    const statuses = recordStatuses(second)
    await until(second, (s) => s.connection.namespaces.eip155?.status === 'connected')
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(second.getState().connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${wallet.address}`)
    expect(wallet.calls).toMatchObject({ eth_requestAccounts: 1, eth_accounts: 1 })
  })

  test('behavior: a reload waits for a wallet that announces late; a wallet that forgot the site ends disconnected', async () => {
    const wallet = walletFor(stack, 2)
    const storage = createStorage({ backend: 'memory' })
    await connected(wallet, storage).then(async (airlock) => {
      await waitForStored(storage)
      airlock.destroy()
    })

    const late = fakeWindow()
    const second = startAirlock(stack, { window: late, storage })
    await until(second, (s) => s.connection.namespaces.eip155?.status === 'connecting')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(second.getState().connection.namespaces.eip155?.status).toBe('connecting')
    announceWallet(late, wallet)
    await until(second, (s) => s.connection.namespaces.eip155?.status === 'connected')
    await waitForStored(storage)
    second.destroy()

    wallet.forget()
    const win = fakeWindow()
    announceWallet(win, wallet)
    const third = startAirlock(stack, { window: win, storage })
    await until(third, (s) => s.app.storage.hydrated && s.connection.namespaces.eip155?.status === 'disconnected')
    expect(third.log.entries().map((e) => e.action).find((a) => a.type === 'connection/disconnected')).toMatchObject({ reason: 'reconnectFailed' })
  })

  test('behavior: disconnect revokes the permissions and forgets the account, once', async () => {
    const wallet = walletFor(stack, 1)
    const airlock = await connected(wallet)
    airlock.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    const state = await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'disconnected')
    expect(state.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
    expect(wallet.calls.wallet_revokePermissions).toBe(1)
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    const disconnects = airlock.log.entries().filter((e) => e.action.type === 'connection/disconnected')
    expect(disconnects.map((e) => e.action)).toEqual([{ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }])
    expect(airlock.getProvider('eip155')).toBeUndefined()
  })

  test('behavior: malformed EIP-6963 announcements are ignored or sanitized', async () => {
    const win = fakeWindow()
    const airlock = startAirlock(stack, { window: win })
    await airlock.ready()
    const provider = walletFor(stack, 0)
    const announce = (detail: unknown) => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    const info = { uuid: 'f1e2d3c4-0000-4000-8000-000000000001', name: 'Odd Wallet', icon: 'https://evil.example/icon.png', rdns: 'com.odd' }
    announce({ info })
    announce({ info: { ...info, rdns: 'com.none' }, provider: { request: 'not a function' } })
    announce({ info: { ...info, rdns: 'com.huge', name: 'H'.repeat(200_000) }, provider })
    announce(null)
    announce({ info, provider })
    announce({ info: { ...info, uuid: 'f1e2d3c4-0000-4000-8000-000000000002', rdns: 'com.long', name: `  ${'L'.repeat(120)} ` }, provider })
    // Browser wallets only: the email/social (AUTH) connector is announced too when email login is on.
    const list = airlock.getState().connectors.list.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED')
    expect(list.map((c) => c.id)).toEqual(['injected', 'com.odd', 'com.long'])
    expect(list[1]).toEqual({ id: 'com.odd', name: 'Odd Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'com.odd', uuid: info.uuid, installed: true })
    expect(list[2]?.name).toHaveLength(64)
    expect(loggedTypes(airlock)).not.toContain('epic/failed')
  })
})

/** Persistence batches writes; wait until the connection is stored. */
async function waitForStored(storage: ReturnType<typeof createStorage>): Promise<void> {
  const started = performance.now()
  while ((await storage.load()).values.connectionStatus?.eip155 !== 'connected') {
    if (performance.now() - started > 3_000) throw new Error('connection was not persisted')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The distinct eip155 statuses the state went through, from now on. */
function recordStatuses(airlock: Airlock): ConnectionStatus[] {
  const seen: ConnectionStatus[] = []
  airlock.state$.subscribe((state) => {
    const status = state.connection.namespaces.eip155?.status
    if (status && seen[seen.length - 1] !== status) seen.push(status)
  })
  return seen
}
