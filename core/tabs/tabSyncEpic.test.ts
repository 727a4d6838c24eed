import { afterEach, describe, expect, test } from 'vitest'
import { createStorage } from '../../storage/createStorage.js'
import type { Action } from '../actions/types.js'
import type { CaipAddress } from '../chains/types.js'
import { createAirlock, type Airlock } from '../createAirlock.js'
import { createInitialState } from '../createInitialState.js'
import { resolveOptions } from '../options/resolveOptions.js'
import { rootReducer } from '../rootReducer.js'
import { createTabChannel, TAB_CHANNEL_NAME } from './tabChannel.js'
import { actionsFor } from './tabSyncEpic.js'

const A = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as CaipAddress
const B = 'eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906' as CaipAddress

/** A tab: an Airlock whose page has Node's real BroadcastChannel (same process = same "site"). */
const running: Airlock[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))
async function tab(): Promise<Airlock & { seen: Action[] }> {
  const page = Object.assign(new EventTarget(), {
    location: { origin: 'https://dapp.test', href: 'https://dapp.test/', pathname: '/' },
    BroadcastChannel,
  })
  const airlock = createAirlock({ adapters: [], features: { analytics: false, email: false, socials: false }, deps: { window: page as never, storage: createStorage({ backend: 'memory' }) } })
  running.push(airlock)
  const seen: Action[] = []
  airlock.action$.subscribe((action) => seen.push(action))
  await airlock.ready()
  return Object.assign(airlock, { seen })
}

const connect = (airlock: Airlock, connectorId = 'io.metamask') => airlock.dispatch({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId })
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('tabSyncEpic (two tabs of one site)', () => {
  test('behavior: a disconnect in one tab disconnects the other, which does not echo it back', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one)
    connect(two)
    one.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('disconnected')
    expect(two.seen.filter((a) => a.type === 'connection/disconnected')).toEqual([{ type: 'connection/disconnected', namespace: 'eip155', reason: 'otherTab' }])
    expect(one.seen.filter((a) => a.type === 'connection/disconnected')).toHaveLength(1)
    expect(two.getProvider('eip155')).toBeUndefined()
  })

  test('behavior: an account change reaches the other tab once; a wallet-side or failed disconnect does not travel', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one)
    connect(two)
    one.dispatch({ type: 'connection/accountsChanged', namespace: 'eip155', accounts: [B] })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.caipAddress).toBe(B)
    expect(one.seen.filter((a) => a.type === 'connection/accountsChanged')).toHaveLength(1)
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
  })

  test('behavior: a tab on another wallet, or not connected, is left alone', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one, 'io.metamask')
    connect(two, 'com.coinbase.wallet')
    one.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
  })

  test('error: messages that are not ours, or malformed, change nothing and throw nothing', async () => {
    const two = await tab()
    connect(two)
    const stranger = new BroadcastChannel(TAB_CHANNEL_NAME)
    for (const junk of [null, 'disconnected', 42, [], { v: 2, kind: 'disconnected', namespace: 'eip155', connectorId: 'io.metamask' }, { v: 1, kind: 'disconnected', namespace: 'nope', connectorId: 'io.metamask' }, { v: 1, kind: 'accountsChanged', namespace: 'eip155', connectorId: 'io.metamask', accounts: ['<img src=x>'] }, { v: 1, kind: 'disconnected', namespace: 'eip155', connectorId: 'x'.repeat(10_000) }]) {
      stranger.postMessage(junk)
    }
    await settle()
    stranger.close()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
    expect(two.seen.filter((a) => a.type.startsWith('connection/'))).toHaveLength(1)
  })
})

describe('actionsFor', () => {
  const { options } = resolveOptions({})
  const state = (actions: Action[]) => actions.reduce(rootReducer, createInitialState(options))

  test('behavior: signing out of the embedded wallet in one tab ends it on every chain in the other', () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as CaipAddress
    const here = state([
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'auth' },
      { type: 'connection/accountConnected', namespace: 'solana', caipAddress: solana, connectorId: 'auth' },
    ])
    expect(actionsFor({ v: 1, kind: 'disconnected', namespace: 'eip155', connectorId: 'auth' }, here)).toEqual([
      { type: 'connection/disconnected', namespace: 'eip155', reason: 'otherTab' },
      { type: 'connection/disconnected', namespace: 'solana', reason: 'otherTab' },
      { type: 'auth/signedOut' },
    ])
  })

  test('behavior: accounts of another namespace are refused; a sign-in sign-out passes on', () => {
    const here = state([{ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'io.metamask' }])
    expect(actionsFor({ v: 1, kind: 'accountsChanged', namespace: 'eip155', connectorId: 'io.metamask', accounts: ['solana:x:y' as CaipAddress] }, here)).toEqual([])
    expect(actionsFor({ v: 1, kind: 'signedOut', caipAddress: A }, here)).toEqual([{ type: 'siwx/signedOut', caipAddress: A, fromTab: true }])
  })
})

describe('createTabChannel', () => {
  test('behavior: without BroadcastChannel, localStorage events carry the message; none on a server', () => {
    const written: string[] = []
    const page = Object.assign(new EventTarget(), {
      location: { origin: 'https://dapp.test', href: 'https://dapp.test/', pathname: '/' },
      localStorage: { setItem: (_key: string, value: string) => void written.push(value), removeItem: () => undefined },
    })
    const channel = createTabChannel(page)!
    const heard: unknown[] = []
    const stop = channel.listen((message) => heard.push(message))
    channel.post({ v: 1, kind: 'signedOut', caipAddress: A })
    expect(written).toEqual([JSON.stringify({ v: 1, kind: 'signedOut', caipAddress: A })])
    // What another tab's write looks like here: a storage event.
    page.dispatchEvent(Object.assign(new Event('storage'), { key: TAB_CHANNEL_NAME, newValue: written[0] }))
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'other', newValue: '{}' }))
    page.dispatchEvent(Object.assign(new Event('storage'), { key: TAB_CHANNEL_NAME, newValue: '{not json' }))
    expect(heard).toEqual([{ v: 1, kind: 'signedOut', caipAddress: A }])
    stop()
    expect(createTabChannel(undefined)).toBeNull()
  })
})
