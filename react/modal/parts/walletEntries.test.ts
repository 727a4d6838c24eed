import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../../core/actions/types.js'
import { reduce, initialState } from '../../../tests/support/state.js'
import { sameEntries, selectAllWallets, selectConnectWallets } from './walletEntries.js'

const c = (id: string, overrides: Partial<ConnectorInfo> = {}): ConnectorInfo => ({ id, name: id, type: 'ANNOUNCED', namespace: 'eip155', rdns: id, installed: true, ...overrides })
const announce = (...connectors: ConnectorInfo[]): Action[] => connectors.map((connector) => ({ type: 'connectors/announced', connector }))
const names = (entries: { connector: ConnectorInfo; tag: string | null }[]) => entries.map((e) => `${e.connector.id}${e.tag ? `:${e.tag}` : ''}`)

describe('selectConnectWallets', () => {
  test('default: CONNECTOR_GROUP_ORDER (injected, featured, external, recommended); WalletConnect and auth wait for their views', () => {
    const state = reduce(
      initialState({ featuredWalletIds: ['feat'] }),
      ...announce(
        c('ext', { type: 'EXTERNAL', installed: false }),
        c('rec', { installed: false, type: 'INJECTED' }),
        c('feat', { installed: false }),
        c('wc', { type: 'WALLET_CONNECT' }),
        c('auth', { type: 'AUTH' }),
        c('mm'),
      ),
    )
    expect(names(selectConnectWallets(state))).toEqual(['mm:Installed', 'feat', 'ext', 'rec'])
  })

  test('behavior: recent first, at most 2, matched by id or rdns, only when still available', () => {
    const state = reduce(
      initialState(),
      ...announce(c('a'), c('b'), c('c', { rdns: 'c.rdns' })),
      { type: 'storage/hydrated', backend: 'memory', values: { recentWallets: [{ id: 'old-id', name: 'C', rdns: 'c.rdns' }, { id: 'gone', name: 'Gone' }, { id: 'a', name: 'A' }] } },
    )
    expect(names(selectConnectWallets(state))).toEqual(['c:Recent', 'a:Installed', 'b:Installed'])
  })

  test('behavior: one wallet announced for EVM, Solana and Bitcoin under one name is one row, connecting all three; same-named wallets of one family stay apart', () => {
    const state = reduce(
      initialState(),
      ...announce(
        c('app.phantom', { name: 'Phantom' }),
        c('other'),
        c('solana:Phantom', { name: 'Phantom', namespace: 'solana', rdns: undefined }),
        c('bip122:phantom', { name: 'phantom', namespace: 'bip122', rdns: undefined }),
        c('solana:Other Sol', { name: 'Other Sol', namespace: 'solana', rdns: undefined }),
        c('twin', { name: 'Phantom', rdns: 'twin' }),
      ),
    )
    const entries = selectConnectWallets(state)
    expect(names(entries)).toEqual(['app.phantom:Installed', 'other:Installed', 'solana:Other Sol:Installed', 'twin:Installed'])
    expect(entries[0]!.also?.map((w) => w.id)).toEqual(['solana:Phantom', 'bip122:phantom'])
    expect(selectAllWallets(state)[0]!.also?.map((w) => w.id)).toEqual(['solana:Phantom', 'bip122:phantom'])
    // The memoised list re-renders when a family joins a row.
    const before = reduce(initialState(), ...announce(c('app.phantom', { name: 'Phantom' })))
    expect(sameEntries(selectConnectWallets(before), entries.slice(0, 1))).toBe(false)
  })

  test('behavior: exclusion lists apply', () => {
    const state = reduce(initialState({ excludeWallets: ['b'] }), ...announce(c('a'), c('b')))
    expect(names(selectConnectWallets(state))).toEqual(['a:Installed'])
  })
})

describe('selectAllWallets', () => {
  test('default: installed first, discovery order otherwise', () => {
    const state = reduce(initialState(), ...announce(c('x', { installed: false, type: 'INJECTED' }), c('y'), c('z', { type: 'EXTERNAL' })))
    expect(names(selectAllWallets(state))).toEqual(['y:Installed', 'z', 'x'])
  })
})

test('sameEntries: by connector identity and tag', () => {
  const a = c('a')
  expect(sameEntries([{ connector: a, tag: null }], [{ connector: a, tag: null }])).toBe(true)
  expect(sameEntries([{ connector: a, tag: null }], [{ connector: a, tag: 'Recent' }])).toBe(false)
  expect(sameEntries([{ connector: a, tag: null }], [{ connector: c('a'), tag: null }])).toBe(false)
  expect(sameEntries([], [{ connector: a, tag: null }])).toBe(false)
})
