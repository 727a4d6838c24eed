import { beforeAll, describe, expect, test } from 'vitest'
import { type Action, type Airlock } from '../../core/index.js'
import { connectedAirlock, type EvmStack, fakeWindow, startAirlock, until, useEvmStack, walletFor } from '../support/evmStack.js'
import { type TestWallet } from '../../testing/index.js'

const getStack = useEvmStack()
let stack: EvmStack
beforeAll(() => {
  stack = getStack()
})

const connected = (wallet: TestWallet): Promise<Airlock> => connectedAirlock(stack, wallet)

const actions = (airlock: Airlock): Action[] => airlock.log.entries().map((e) => e.action)

describe('EVM networks (anvil)', () => {
  test('default: switching 31337 -> 31338 adds the chain the wallet does not know (4902), then back', async () => {
    // This wallet knows only 31337: the switch fails with 4902 and the app adds 31338.
    const wallet = walletFor(stack, 0, { 31337: stack.chain1.rpcUrl })
    const airlock = await connected(wallet)
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    const key = `eip155:31338:${wallet.address}`
    const state = await until(airlock, (s) => s.balances.native[key] !== undefined)
    expect(wallet.chainId).toBe(31338)
    expect(wallet.calls).toMatchObject({ wallet_switchEthereumChain: 2, wallet_addEthereumChain: 1 })
    expect(state.connection).toMatchObject({ activeCaipNetworkId: 'eip155:31338', switchingTo: null, unsupportedCaipNetworkId: null })
    // The account follows its network, and so does the balance key.
    expect(state.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31338:${wallet.address}`)
    const onChain = BigInt(await stack.chain2.rpc<string>('eth_getBalance', [wallet.address, 'latest']))
    expect(state.balances.native[key]?.value).toBe(onChain.toString())

    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31337' })
    await until(airlock, (s) => s.connection.activeCaipNetworkId === 'eip155:31337')
    expect(wallet.chainId).toBe(31337)
    expect(wallet.calls).toMatchObject({ wallet_switchEthereumChain: 3, wallet_addEthereumChain: 1 })
  })

  test('behavior: not connected, the app network switches without asking any wallet', async () => {
    const airlock = startAirlock(stack, { window: fakeWindow() })
    await airlock.ready()
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    expect(airlock.getState().connection.activeCaipNetworkId).toBe('eip155:31338')
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:1' })
    expect(actions(airlock).filter((a) => a.type === 'network/switchFailed')).toEqual([
      { type: 'network/switchFailed', caipNetworkId: 'eip155:1', error: { message: 'Network not found' } },
    ])
  })

  test('behavior: the wallet moving to an unknown chain opens UnsupportedChain and the balance is unavailable', async () => {
    const wallet = walletFor(stack, 1)
    const airlock = await connected(wallet)
    wallet.moveToChain(999_999)
    const state = await until(airlock, (s) => s.connection.unsupportedCaipNetworkId !== null)
    expect(state.connection.unsupportedCaipNetworkId).toBe('eip155:999999')
    expect(state.router.view).toBe('UnsupportedChain')
    expect(state.modal.open).toBe(true)
    expect(state.connection.activeCaipNetworkId).toBe('eip155:31337')
    const toasts = actions(airlock).flatMap((a) => (a.type === 'notifications/showRequested' ? [a.notification] : []))
    expect(toasts).toContainEqual(expect.objectContaining({ variant: 'error', message: 'Token Balance Unavailable' }))
    expect(actions(airlock)).toContainEqual(expect.objectContaining({ type: 'balance/fetchFailed', caipAddress: `eip155:999999:${wallet.address}` }))

    // Back on a supported network: the view closes and the app follows.
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    const back = await until(airlock, (s) => s.connection.activeCaipNetworkId === 'eip155:31338')
    expect(back.connection.unsupportedCaipNetworkId).toBeNull()
    expect(back.modal.open).toBe(false)
  })

  test('behavior: a wallet error on switch: switchFailed, an error toast, the network unchanged', async () => {
    const wallet = walletFor(stack, 1)
    const airlock = await connected(wallet)
    wallet.failNext('wallet_switchEthereumChain', { code: -32002, message: 'Request of type wallet_switchEthereumChain already pending' })
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    await until(airlock, (s) => s.connection.switchingTo === null && s.notifications.current !== null)
    const failure = { message: 'Request of type wallet_switchEthereumChain already pending', code: -32002 }
    expect(actions(airlock)).toContainEqual({ type: 'network/switchFailed', caipNetworkId: 'eip155:31338', error: failure })
    expect(airlock.getState().notifications.current).toMatchObject({ variant: 'error', message: 'Network switch failed', description: failure.message })
    expect(airlock.getState().connection.activeCaipNetworkId).toBe('eip155:31337')
    expect(wallet.chainId).toBe(31337)
    expect(wallet.calls.wallet_addEthereumChain).toBeUndefined()

    wallet.rejectNext('wallet_switchEthereumChain')
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    await until(airlock, (s) => actions(airlock).filter((a) => a.type === 'network/switchFailed').length === 2 && s.connection.switchingTo === null)
    expect(actions(airlock).filter((a) => a.type === 'network/switchFailed').pop()).toMatchObject({ error: { message: 'User rejected the request.', code: 4001 } })
    expect(airlock.getState().connection.activeCaipNetworkId).toBe('eip155:31337')
  })

  test('behavior: a declined add-network prompt (4001 after a 4902) says the person rejected it, not "Chain is not supported" (fault 5c)', async () => {
    const wallet = walletFor(stack, 1, { 31337: stack.chain1.rpcUrl })
    const airlock = await connected(wallet)
    wallet.rejectNext('wallet_addEthereumChain')
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    await until(airlock, (s) => s.connection.switchingTo === null && s.notifications.current !== null)
    const rejected = { message: 'User rejected the request.', code: 4001 }
    expect(actions(airlock).filter((a) => a.type === 'network/switchFailed')).toEqual([{ type: 'network/switchFailed', caipNetworkId: 'eip155:31338', error: rejected }])
    expect(airlock.getState().notifications.current).toMatchObject({ variant: 'error', message: 'Network switch failed', description: rejected.message })
    expect(wallet.calls).toMatchObject({ wallet_switchEthereumChain: 1, wallet_addEthereumChain: 1 })
    expect(wallet.chainId).toBe(31337)
    expect(airlock.getState().connection.activeCaipNetworkId).toBe('eip155:31337')
  })

  test('behavior: ten switches in one second while the wallet shows its prompt: latest wins, app and wallet end on the last (fault 7d)', async () => {
    const wallet = walletFor(stack, 2)
    const airlock = await connected(wallet)
    const prompts = wallet.holdPrompts('wallet_switchEthereumChain')
    const named: (string | null)[] = []
    const watch = airlock.state$.subscribe((s) => void (named.at(-1) !== s.connection.switchingTo && named.push(s.connection.switchingTo)))
    for (let i = 0; i < 10; i++) {
      airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: i % 2 ? 'eip155:31338' : 'eip155:31337' })
      await new Promise((resolve) => setTimeout(resolve, 90))
    }
    // One prompt shows (for the first request), and the app names that one, not the last.
    expect(prompts.shown).toEqual([[{ chainId: '0x7a69' }]])
    expect(airlock.getState().connection.switchingTo).toBe('eip155:31337')
    expect(actions(airlock).filter((a) => a.type === 'network/switchCancelled')).toHaveLength(9)
    prompts.approve()
    // The answer was for a replaced target: the wallet is asked again, for the last one.
    await until(airlock, () => prompts.showing !== undefined)
    expect(prompts.shown).toEqual([[{ chainId: '0x7a69' }], [{ chainId: '0x7a6a' }]])
    expect(airlock.getState().connection.switchingTo).toBe('eip155:31338')
    prompts.approve()
    const state = await until(airlock, (s) => s.connection.activeCaipNetworkId === 'eip155:31338' && s.connection.switchingTo === null)
    watch.unsubscribe()
    expect(wallet.chainId).toBe(31338)
    expect(state.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31338:${wallet.address}`)
    expect(actions(airlock).filter((a) => a.type === 'network/switchFailed')).toEqual([])
    // switchingTo never named a network the wallet was not asked for.
    expect(named.filter((id) => id !== null)).toEqual(['eip155:31337', 'eip155:31338'])
  })
})
