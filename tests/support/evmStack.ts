import type { ChainNamespace } from '../../core/chains/types.js'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { createAirlock, replay, type Airlock, type CreateAirlockParameters } from '../../core/index.js'
import { airlockDevnet, airlockDevnet2 } from '../../core/chains/networks.js'
import type { Network } from '../../core/chains/types.js'
import type { StorageDep, WindowLike } from '../../core/deps.js'
import type { AirlockState } from '../../core/state.js'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { createStorage } from '../../storage/createStorage.js'
import { announceWallet, createTestWallet, TEST_WALLET_INFO, type TestWallet } from '../../testing/index.js'

/** Two real anvil chains (31337, 31338) and the app's networks pointing at them. */
export interface EvmStack {
  readonly chain1: Anvil
  readonly chain2: Anvil
  readonly networks: [Network, Network]
  stop(): Promise<void>
}

/**
 * Starts anvil twice on free ports, as the devnet networks of the app.
 * @example const stack = await startEvmStack(); afterAll(() => stack.stop())
 */
export async function startEvmStack(): Promise<EvmStack> {
  const [chain1, chain2] = await Promise.all([
    freePort().then((port) => startAnvil({ port, chainId: 31337 })),
    freePort().then((port) => startAnvil({ port, chainId: 31338 })),
  ])
  const at = (network: Network, anvil: Anvil): Network => ({ ...network, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
  return {
    chain1,
    chain2,
    networks: [at(airlockDevnet, chain1), at(airlockDevnet2, chain2)],
    stop: async () => void (await Promise.all([chain1.stop(), chain2.stop()])),
  }
}

/** A page for Node tests: an EventTarget with location and navigator (EIP-6963 events work on it). */
export function fakeWindow(origin = 'https://dapp.test'): EventTarget & WindowLike {
  const win = Object.assign(new EventTarget(), {
    location: { origin, href: `${origin}/`, pathname: '/' },
    navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', maxTouchPoints: 0 },
  })
  return win as unknown as EventTarget & WindowLike
}

/** A test wallet on one of the anvil dev accounts, knowing the given chains. */
export function walletFor(stack: EvmStack, account: number, chains: Record<number, string> = { 31337: stack.chain1.rpcUrl, 31338: stack.chain2.rpcUrl }): TestWallet {
  const key = ANVIL_ACCOUNTS[account]
  if (!key) throw new Error(`no anvil account ${account}`)
  return createTestWallet({ privateKey: key.privateKey, chains, chainId: 31337 })
}

/** Airlock instances started by a test file, destroyed after each test. */
export const running: Airlock[] = []

/** createAirlock on the stack's networks with a fake page and memory storage (overridable). */
export function startAirlock(stack: EvmStack, params: { window: WindowLike; storage?: StorageDep } & Omit<CreateAirlockParameters, 'deps'>): Airlock {
  const { window, storage = createStorage({ backend: 'memory' }), ...rest } = params
  const airlock = createAirlock({ networks: stack.networks, ...rest, deps: { window, storage } })
  running.push(airlock)
  return airlock
}

/** Waits (real time, polling) until the state satisfies `predicate`. */
export async function until(airlock: Airlock, predicate: (state: AirlockState) => boolean, timeoutMs = 5_000): Promise<AirlockState> {
  const started = performance.now()
  while (!predicate(airlock.getState())) {
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms; log tail: ${JSON.stringify(airlock.log.entries().slice(-5).map((e) => e.action.type))}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return airlock.getState()
}

/** The action types of the log, in order. */
export function loggedTypes(airlock: Airlock): string[] {
  return airlock.log.entries().map((entry) => entry.action.type)
}

/**
 * Registers one stack for the test file and, after each test, checks that
 * every Airlock it started replays from its log to its live state, then
 * destroys it. Returns a getter for the stack.
 * @example const stack = useEvmStack(); test('x', async () => startAirlock(stack(), { window }))
 */
export function useEvmStack(): () => EvmStack {
  let stack: EvmStack | undefined
  beforeAll(async () => {
    stack = await startEvmStack()
  })
  afterAll(() => stack?.stop())
  afterEach(() => {
    for (const airlock of running.splice(0)) {
      expect(replay(airlock.log.export())).toEqual(airlock.getState())
      airlock.destroy()
    }
  })
  return () => stack!
}

/** An Airlock in a fresh page where `wallet` is announced and already connected. */
export async function connectedAirlock(stack: EvmStack, wallet: TestWallet): Promise<Airlock> {
  const win = fakeWindow()
  announceWallet(win, wallet)
  const airlock = startAirlock(stack, { window: win })
  await airlock.ready()
  airlock.dispatch({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
  await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected')
  return airlock
}

/** Waits until a namespace's connection reached storage (the persistence epic writes asynchronously), so a "reload" finds it. */
export async function waitForStoredConnection(storage: StorageDep, timeoutMs = 3_000, namespace: ChainNamespace = 'eip155'): Promise<void> {
  const started = performance.now()
  while ((await storage.load()).values.connectionStatus?.[namespace] !== 'connected') {
    if (performance.now() - started > timeoutMs) throw new Error('connection was not persisted')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
