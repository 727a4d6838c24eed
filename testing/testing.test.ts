import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockDevnet } from '../core/chains/networks.js'
import { REVOKE_PERMISSIONS_TIMEOUT_MS, SHAKE_MS } from '../core/constants/timing.js'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../examples/devnet/anvil.js'
import { fakeWindow } from '../tests/support/evmStack.js'
import { announceWallet, createTestAirlock, createTestWallet, expectActions, type TestAirlock } from './index.js'

/** `airlock-kit/testing` as a host app uses it: an Airlock on virtual time, the test wallet on a real anvil, log assertions. */
let anvil: Anvil
const started: TestAirlock[] = []
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
})
afterAll(async () => {
  for (const t of started) t.destroy()
  await anvil?.stop()
})

async function connectedAirlock() {
  const window = fakeWindow('https://host.example')
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNTS[6].privateKey, chains: { 31337: anvil.rpcUrl } })
  announceWallet(window, wallet)
  const test = await createTestAirlock({ networks: [{ ...airlockDevnet, rpcUrls: { default: { http: [anvil.rpcUrl] } } }], deps: { window } })
  started.push(test)
  test.airlock.dispatch({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.airlock.testwallet' })
  await test.advanceBy(100)
  return { ...test, wallet }
}

describe('createTestAirlock', () => {
  test('behavior: a timing rule passes in virtual time, to the millisecond', async () => {
    const { airlock, advanceBy, now } = await createTestAirlock()
    airlock.dispatch({ type: 'modal/shakeRequested' })
    await advanceBy(SHAKE_MS - 1)
    expect(airlock.getState().modal.shake).toBe(true)
    await advanceBy(1)
    expect(airlock.getState().modal.shake).toBe(false)
    expect(now()).toBe(SHAKE_MS)
    airlock.destroy()
  })

  test('behavior: the test wallet connects; a revoke that hangs ends the disconnect after exactly its timeout', async () => {
    const { airlock, advanceBy, wallet } = await connectedAirlock()
    expect(airlock.getState().connection.namespaces.eip155?.status).toBe('connected')
    expectActions(airlock).toInclude({ type: 'connection/connectRequested' }, { type: 'connection/accountConnected', caipAddress: `eip155:31337:${wallet.address}` })
    wallet.hangNext('wallet_revokePermissions')
    airlock.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    await advanceBy(REVOKE_PERMISSIONS_TIMEOUT_MS - 1)
    expectActions(airlock).toExclude({ type: 'connection/disconnected' })
    await advanceBy(1)
    expectActions(airlock).toInclude({ type: 'connection/disconnectRequested' }, { type: 'connection/disconnected', reason: 'user' })
    expect(wallet.calls['wallet_revokePermissions']).toBe(1)
  })

  test('behavior: a locked wallet tells the page, which disconnects', async () => {
    const { airlock, advanceBy, wallet } = await connectedAirlock()
    wallet.lock()
    await advanceBy(100)
    expectActions(airlock).toInclude({ type: 'connection/accountConnected' }, { type: 'connection/disconnected' })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  test('parameters: advanceBy refuses a negative or NaN duration', async () => {
    const { advanceBy, destroy } = await createTestAirlock()
    await expect(advanceBy(-1)).rejects.toThrow(RangeError)
    await expect(advanceBy(Number.NaN)).rejects.toThrow(RangeError)
    destroy()
  })
})

describe('expectActions', () => {
  const log = (...types: string[]) => ({ log: { entries: () => types.map((type, seq) => ({ seq, at: 0, action: { type, n: seq } })) } }) as never

  test('behavior: patterns match in order, partially, with others between', () => {
    expect(() => expectActions(log('a', 'x', 'b', 'c')).toInclude({ type: 'a' }, { type: 'c', n: 3 })).not.toThrow()
    expect(() => expectActions(log('a', 'b')).toInclude({ type: 'b' }, { type: 'a' })).toThrow(/to include \{"type":"a"\} after \{"type":"b"\}; its actions from there: \(none\)/)
    expect(() => expectActions(log('a')).toInclude({ type: 'a', n: 1 })).toThrow(/its actions: a/)
  })

  test('behavior: toExclude fails on the first match, naming it', () => {
    expect(() => expectActions(log('a')).toExclude({ type: 'b' })).not.toThrow()
    expect(() => expectActions(log('a', 'b')).toExclude({ type: 'b' })).toThrow('expected no action matching {"type":"b"}, found {"type":"b","n":1}')
  })
})
