// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import type { Action } from '../../core/actions/types.js'
import { base, ethereum } from '../../core/chains/networks.js'
import { createStorage } from '../../storage/createStorage.js'
import { ADDRESS, announce, CAIP_ADDRESS, connect, count, dispatch, ICON, render, testAirlock, waitFor, wallet } from '../testing/renderAirlock.js'
import { useAccount, type UseAccountReturnType } from './useAccount.js'
import { useAirlockSelector } from './useAirlockSelector.js'
import { useAirlockEvents } from './useAirlockEvents.js'
import { useBalance, type UseBalanceReturnType } from './useBalance.js'
import { useDisconnect } from './useDisconnect.js'
import { useNetwork, type UseNetworkReturnType } from './useNetwork.js'
import { useProvider } from './useProvider.js'
import { useTheme, type UseThemeReturnType } from './useTheme.js'
import { useWalletInfo } from './useWalletInfo.js'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Renders a hook and keeps every value it returned, render by render. */
function renderHook<T>(airlock: ReturnType<typeof testAirlock>, hook: () => T) {
  const values: T[] = []
  function Probe() {
    values.push(hook())
    return null
  }
  const view = render(airlock, <Probe />)
  return { values, latest: () => values[values.length - 1]!, ...view }
}

describe('useAirlockSelector', () => {
  test('behavior: a selector closing over a prop answers for the new prop in the render it changes, with no state change', () => {
    const airlock = testAirlock({ projectId: 'p' })
    const seen: unknown[] = []
    function Probe({ pick }: { pick: 'open' | 'projectId' }) {
      seen.push(useAirlockSelector((state) => (pick === 'open' ? state.modal.open : state.options.projectId)))
      return null
    }
    const { rerender } = render(airlock, <Probe pick="open" />)
    rerender(<Probe pick="projectId" />)
    expect(seen.at(0)).toBe(false)
    expect(seen.at(-1)).toBe('p')
  })
})

describe('useAccount', () => {
  test('default: disconnected with nothing to show', () => {
    const { latest } = renderHook(testAirlock(), () => useAccount())
    expect(latest()).toEqual({ address: undefined, caipAddress: undefined, isConnected: false, status: 'disconnected', allAccounts: [] })
  })

  test('behavior: after a reload the stored account is `connecting` (no address) until the wallet confirms', async () => {
    const storage = createStorage({ backend: 'memory' })
    await storage.save({
      connections: { eip155: { connectorId: 'io.metamask', caipAddress: CAIP_ADDRESS } },
      connectionStatus: { eip155: 'connected' },
      connectedConnectorIds: { eip155: 'io.metamask' },
    })
    const airlock = testAirlock({ deps: { storage } })
    const { values, latest } = renderHook(airlock, () => useAccount())
    await waitFor(() => expect(latest().status).toBe('connecting'))
    expect(latest().address).toBeUndefined()
    expect(latest().isConnected).toBe(false)
    dispatch(airlock, {
      type: 'connection/accountConnected',
      namespace: 'eip155',
      caipAddress: CAIP_ADDRESS,
      connectorId: 'io.metamask',
      accounts: [CAIP_ADDRESS, 'eip155:1:0x0000000000000000000000000000000000000001'],
    })
    expect(latest()).toMatchObject({ address: ADDRESS, caipAddress: CAIP_ADDRESS, isConnected: true, status: 'connected' })
    expect(latest().allAccounts).toEqual([
      { namespace: 'eip155', address: ADDRESS, caipAddress: CAIP_ADDRESS },
      { namespace: 'eip155', address: '0x0000000000000000000000000000000000000001', caipAddress: 'eip155:1:0x0000000000000000000000000000000000000001' },
    ])
    const statuses = values.map((v) => v.status).filter((s, i, all) => s !== all[i - 1])
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    // An address is never shown while only cached.
    expect(values.filter((v) => v.status !== 'connected').every((v: UseAccountReturnType) => v.address === undefined)).toBe(true)
  })

  test('behavior: a returning visitor (the synchronous hint) is `connecting` from the first render; a stale hint turns `disconnected` once storage is read', async () => {
    localStorage.setItem('@airlock/returning', '1')
    try {
      const airlock = testAirlock()
      const { values, latest } = renderHook(airlock, () => useAccount())
      expect(values[0]).toMatchObject({ status: 'connecting', address: undefined, isConnected: false })
      // Storage holds no connection (the hint outlived it): no "connecting" forever.
      await waitFor(() => expect(latest().status).toBe('disconnected'))
    } finally {
      localStorage.removeItem('@airlock/returning')
    }
    const { values } = renderHook(testAirlock(), () => useAccount())
    expect(values[0]!.status).toBe('disconnected')
  })

  test('parameters: namespace', () => {
    const airlock = testAirlock()
    connect(airlock)
    const { latest } = renderHook(airlock, () => useAccount({ namespace: 'solana' }))
    expect(latest().status).toBe('disconnected')
  })

  test('behavior: unrelated actions do not re-render', () => {
    const airlock = testAirlock()
    connect(airlock)
    const { values } = renderHook(airlock, () => useAccount())
    const before = values.length
    dispatch(airlock, { type: 'modal/openRequested' }, { type: 'theme/modeChanged', mode: 'dark' })
    expect(values.length).toBe(before)
  })
})

describe('useNetwork', () => {
  test('default: the active network; switchNetwork dispatches switchRequested', () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    const { latest } = renderHook<UseNetworkReturnType>(airlock, () => useNetwork())
    expect(latest()).toMatchObject({ caipNetwork: ethereum, caipNetworkId: 'eip155:1', chainId: 1 })
    act(() => latest().switchNetwork(base))
    act(() => latest().switchNetwork('eip155:1'))
    expect(airlock.actions.filter((a) => a.type === 'network/switchRequested')).toEqual([
      { type: 'network/switchRequested', caipNetworkId: 'eip155:8453' },
      { type: 'network/switchRequested', caipNetworkId: 'eip155:1' },
    ])
    dispatch(airlock, { type: 'network/activeChanged', caipNetworkId: 'eip155:8453' })
    expect(latest()).toMatchObject({ caipNetwork: base, caipNetworkId: 'eip155:8453', chainId: 8453, unsupportedCaipNetworkId: undefined })
  })

  test('behavior: the wallet on a network the app does not support is named, until it comes back (fault 5e)', () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    connect(airlock)
    const { latest } = renderHook<UseNetworkReturnType>(airlock, () => useNetwork())
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    expect(latest()).toMatchObject({ caipNetworkId: 'eip155:1', unsupportedCaipNetworkId: 'eip155:999' })
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    expect(latest()).toMatchObject({ caipNetworkId: 'eip155:8453', unsupportedCaipNetworkId: undefined })
  })
})

describe('useAirlockEvents', () => {
  test('default: the latest action', async () => {
    const airlock = testAirlock()
    // Start-up actions arrive asynchronously; let them land before rendering.
    await act(() => airlock.ready())
    const { latest } = renderHook<Action | undefined>(airlock, () => useAirlockEvents())
    dispatch(airlock, { type: 'modal/openRequested' })
    expect(latest()).toEqual({ type: 'modal/openRequested' })
    dispatch(airlock, { type: 'modal/closeRequested' })
    expect(latest()).toEqual({ type: 'modal/closeRequested' })
  })
})

describe('useDisconnect', () => {
  test('parameters: namespace; default: every namespace with a connection', () => {
    const airlock = testAirlock()
    connect(airlock)
    dispatch(airlock, { type: 'connection/accountConnected', namespace: 'solana', caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1', connectorId: 'phantom' })
    const { latest } = renderHook(airlock, () => useDisconnect())
    act(() => latest().disconnect('solana'))
    act(() => latest().disconnect())
    expect(airlock.actions.filter((a) => a.type === 'connection/disconnectRequested').map((a) => 'namespace' in a && a.namespace)).toEqual([
      'solana',
      'eip155',
      'solana',
    ])
  })

  test('behavior: nothing connected asks the active namespace', () => {
    const airlock = testAirlock()
    const { latest } = renderHook(airlock, () => useDisconnect())
    act(() => latest().disconnect())
    expect(count(airlock, 'connection/disconnectRequested')).toBe(1)
  })
})

describe('useWalletInfo', () => {
  test('default: the connected connector name and data-URI icon', () => {
    const airlock = testAirlock()
    announce(airlock, wallet(), wallet({ id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby', icon: 'https://x.example/i.png' }))
    const { latest } = renderHook(airlock, () => useWalletInfo())
    expect(latest().walletInfo).toBeUndefined()
    connect(airlock)
    expect(latest().walletInfo).toEqual({ name: 'MetaMask', icon: ICON })
    connect(airlock, CAIP_ADDRESS, 'io.rabby')
    expect(latest().walletInfo).toEqual({ name: 'Rabby' })
  })
})

describe('useProvider', () => {
  test('behavior: undefined until connected, then the wrapped provider; looked up again on changes', () => {
    const airlock = testAirlock()
    const raw = { request: async () => '0x1' }
    airlock.deps.providers.register('io.metamask', raw)
    const { latest } = renderHook(airlock, () => useProvider())
    expect(latest()).toBeUndefined()
    connect(airlock)
    const provider = latest()
    expect(provider).toBeDefined()
    expect(provider).toBe(airlock.getProvider('eip155'))
    dispatch(airlock, { type: 'connection/disconnected', namespace: 'eip155' })
    expect(latest()).toBeUndefined()
  })
})

describe('useTheme', () => {
  test('default: reads and sets mode and variables', () => {
    const airlock = testAirlock({ themeVariables: { '--airlock-accent': '#000' } })
    const { latest } = renderHook<UseThemeReturnType>(airlock, () => useTheme())
    expect(latest()).toMatchObject({ themeMode: null, themeVariables: { '--airlock-accent': '#000' } })
    act(() => latest().setThemeMode('dark'))
    act(() => latest().setThemeVariables({ '--airlock-border-radius': '4px' }))
    expect(latest()).toMatchObject({ themeMode: 'dark', themeVariables: { '--airlock-accent': '#000', '--airlock-border-radius': '4px' } })
  })
})

describe('useBalance', () => {
  test('behavior: loading, then the truncated value of the active account on the active network', async () => {
    const airlock = testAirlock()
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    const { latest } = renderHook<UseBalanceReturnType>(airlock, () => useBalance())
    expect(latest()).toEqual({ value: undefined, formatted: undefined, symbol: 'ETH', loading: false, failed: false })
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetchRequested', caipAddress: CAIP_ADDRESS })
    expect(latest().loading).toBe(true)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '1999999999999999999', decimals: 18, symbol: 'ETH', at: 1 })
    expect(latest()).toEqual({ value: '1999999999999999999', formatted: '1.999', symbol: 'ETH', loading: false, failed: false })
  })

  test('behavior: a balance on another network is not shown; a failure is reported', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    connect(airlock)
    const { latest } = renderHook<UseBalanceReturnType>(airlock, () => useBalance())
    dispatch(airlock, { type: 'balance/fetched', caipAddress: `eip155:8453:${ADDRESS}`, value: '1', decimals: 18, symbol: 'ETH', at: 1 })
    expect(latest().value).toBeUndefined()
    dispatch(airlock, { type: 'balance/fetchFailed', caipAddress: CAIP_ADDRESS, error: { message: 'Token Balance Unavailable' }, at: 2 })
    expect(latest()).toMatchObject({ failed: true, loading: false, formatted: undefined })
    dispatch(airlock, { type: 'network/activeChanged', caipNetworkId: 'eip155:8453' })
    expect(latest()).toMatchObject({ value: '1', formatted: '0.000', failed: false })
  })

  test('behavior: on a network the app does not support, the balance of the old network is not shown (fault 5e)', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '1000000000000000000', decimals: 18, symbol: 'ETH', at: 1 })
    const { latest } = renderHook<UseBalanceReturnType>(airlock, () => useBalance())
    expect(latest().formatted).toBe('1.000')
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    expect(latest()).toMatchObject({ value: undefined, formatted: undefined, failed: false })
    dispatch(airlock, { type: 'balance/fetchFailed', caipAddress: `eip155:999:${ADDRESS}`, error: { message: 'Token Balance Unavailable' }, at: 2 })
    expect(latest()).toMatchObject({ value: undefined, formatted: undefined, failed: true })
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:1' })
    expect(latest()).toMatchObject({ formatted: '1.000', failed: false })
  })
})
