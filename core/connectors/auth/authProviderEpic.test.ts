import { ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet, bitcoin, solanaDevnet } from '../../chains/networks.js'
import type { CaipAddress, ChainNamespace, Network } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { createProviderRegistry, type Eip1193Provider } from '../providerRegistry.js'
import { FRAME_APPROVAL_TIMEOUT_MS, FRAME_LOAD_TIMEOUT_MS } from '../../constants/timing.js'
import { authProviderEpic } from './authProviderEpic.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const CAIP = `eip155:31337:${ADDRESS}` as const
const started: Action = { type: 'app/started', environment: { origin: 'http://127.0.0.1:5173', pageUrl: null, isMobile: false, ssr: false } }
const HELLO = '0x68656c6c6f3c623e'

/**
 * Runs the epic with a logged-in auth account; `script(provider, at)` makes requests at given
 * frames; `input` scripts the person and the frame. Returns everything the epic emitted.
 */
function run(
  input: string,
  values: Record<string, Action>,
  script: (provider: Eip1193Provider, at: (frame: number, call: () => void) => void) => void,
  account: Account | readonly Account[] = { network: airlockDevnet, namespace: 'eip155', caip: CAIP },
) {
  const accounts: readonly Account[] = Array.isArray(account) ? account : [account as Account]
  const state = reduce(
    initialState({ networks: accounts.map((a) => a.network) }),
    ...accounts.map((a): Action => ({ type: 'connection/accountConnected', namespace: a.namespace, caipAddress: a.caip, connectorId: 'auth', accounts: [a.caip] })),
  )
  return runFrom(state, input, values, script)
}

/** `run` from a given state (for states the reducer alone does not build). */
function runFrom(
  state: AirlockState,
  input: string,
  values: Record<string, Action>,
  script: (provider: Eip1193Provider, at: (frame: number, call: () => void) => void) => void,
) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const seen: Action[] = []
  let n = 0
  const deps = { scheduler, providers: createProviderRegistry(), id: () => `id${++n}` } as unknown as AirlockDeps
  let final = state
  scheduler.run(({ hot }) => {
    // The store reduces every action; keeping action$ subscribed makes the harness do the same.
    const epic: typeof authProviderEpic = (action$, state$, d) => merge(authProviderEpic(action$, state$, d), action$.pipe(ignoreElements()))
    const harness = runEpic(scheduler, epic, hot<Action>(input, { s: started, ...values }), state, deps)
    harness.out$.subscribe((a) => seen.push(a))
    script({ request: (args) => deps.providers.get('auth')!.request(args) }, (frame, call) => scheduler.schedule(call, frame))
    scheduler.schedule(() => (final = harness.state()), 900)
  })
  return { seen, final: () => final, deps }
}

type Account = { network: Network; namespace: ChainNamespace; caip: CaipAddress }

const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: Error & { code?: number }) => ({ error: error.message, code: error.code }))

describe('authProviderEpic', () => {
  test('default: announces the AUTH connector and registers the provider, which answers accounts and chain from state', async () => {
    let accounts: Promise<unknown> | undefined
    let chainId: Promise<unknown> | undefined
    const { seen } = run('s', {}, (provider, at) =>
      at(1, () => {
        accounts = provider.request({ method: 'eth_accounts' })
        chainId = provider.request({ method: 'eth_chainId' })
      }),
    )
    expect(seen[0]).toEqual({ type: 'connectors/announced', connector: { id: 'auth', name: 'Email and social login', type: 'AUTH', namespace: 'eip155', installed: true } })
    expect(await accounts).toEqual([ADDRESS])
    expect(await chainId).toBe('0x7a69')
  })

  test('behavior: an unsafe request goes to the frame at once and opens ApproveTransaction; the frame\'s answer resolves it, refreshes the balance and closes', async () => {
    let signed: Promise<unknown> | undefined
    const { seen, final } = run('s 9ms r', { r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: '0xsig' } }, (provider, at) =>
      at(5, () => (signed = settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] })))),
    )
    // Only the method enters state and the log: the frame shows the request from its own copy.
    expect(seen).toContainEqual({ type: 'auth/approvalRequested', approval: { id: 'id1', method: 'personal_sign' } })
    expect(seen).toContainEqual({ type: 'modal/openRequested', view: 'ApproveTransaction' })
    expect(seen.find((a) => a.type === 'frame/requestSent')).toMatchObject({
      id: 'id1',
      name: 'RPC_REQUEST',
      timeoutMs: FRAME_APPROVAL_TIMEOUT_MS,
      message: { payload: { method: 'personal_sign', params: [HELLO, ADDRESS], chainId: 'eip155:31337' } },
    })
    expect(seen).toContainEqual({ type: 'balance/fetchRequested', caipAddress: CAIP, force: true })
    expect(seen.at(-1)).toEqual({ type: 'modal/closeRequested' })
    expect(await signed!).toEqual({ value: '0xsig' })
    expect(final().auth.approvals).toEqual([])
    expect(final().modal.open).toBe(false)
  })

  test('hostile: no page action answers a request; it waits for the frame (the wallet decides, never the page)', async () => {
    let signed: Promise<unknown> | undefined
    const pageTries = ['auth/requestApproved', 'auth/approved', 'frame/approved', 'auth/requestSettled'].map((type) => ({ type, id: 'id1' }) as unknown as Action)
    const { seen, final } = run('s 9ms (abcd)', { a: pageTries[0]!, b: pageTries[1]!, c: pageTries[2]!, d: { type: 'auth/requestSettled', id: 'id1' } }, (provider, at) =>
      at(5, () => (signed = provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] }))),
    )
    const outcome = await Promise.race([signed!.then(() => 'settled', () => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 50))])
    expect(outcome).toBe('still waiting')
    // The frame request is still open: only its reply, a timeout or an abort ends it.
    expect(final().frame.pending).toHaveProperty('id1')
    expect(seen.filter((a) => a.type === 'frame/requestSent')).toHaveLength(1)
  })

  test('behavior: closing the modal aborts an open unsafe request with "Request was aborted" (4001) and takes it back from the frame (RPC_ABORT)', async () => {
    let sent: Promise<unknown> | undefined
    const { seen, final } = run(
      's 9ms c 1ms x',
      { c: { type: 'modal/closeRequested' }, x: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error: { message: 'Request was aborted' }, reason: 'aborted' } },
      (provider, at) => at(5, () => (sent = settle(provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] })))),
    )
    expect(seen).toContainEqual({ type: 'frame/abortRequested', id: 'id1' })
    expect(await sent!).toEqual({ error: 'Request was aborted', code: 4001 })
    expect(seen.filter((a) => a.type === 'frame/requestSent').map((a) => (a as { message: unknown }).message)).toEqual([
      expect.objectContaining({ type: '@airlock-app/RPC_REQUEST' }),
      { id: 'id2', type: '@airlock-app/RPC_ABORT', payload: { id: 'id1' } },
    ])
    // The person closed it: no error toast.
    expect(seen.some((a) => a.type === 'notifications/showRequested')).toBe(false)
    expect(final().auth.approvals).toEqual([])
  })

  test('behavior: Reject inside the frame answers 4001 with no toast; another frame error rejects with its message and a toast', async () => {
    let rejected: Promise<unknown> | undefined
    let failed: Promise<unknown> | undefined
    const { seen, final } = run(
      's 9ms x 9ms f',
      {
        x: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error: { message: 'User rejected the request.', code: 4001 }, reason: 'error' },
        f: { type: 'frame/requestFailed', id: 'id2', name: 'RPC_REQUEST', error: { message: 'insufficient funds' }, reason: 'error' },
      },
      (provider, at) => {
        at(5, () => (rejected = settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))))
        at(15, () => (failed = settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))))
      },
    )
    expect(await rejected!).toEqual({ error: 'User rejected the request.', code: 4001 })
    expect(await failed!).toMatchObject({ error: 'insufficient funds' })
    expect(seen.filter((a) => a.type === 'notifications/showRequested')).toHaveLength(1)
    // A frame answer needs no RPC_ABORT: only the RPC_REQUESTs went out.
    expect(seen.filter((a) => a.type === 'frame/requestSent')).toHaveLength(2)
    // The view is gone (the modal closed); the message lives on in a toast.
    expect(final().notifications.current).toMatchObject({ variant: 'error', message: 'insufficient funds' })
  })

  test('behavior: after a failure the modal closes when ApproveTransaction was its only view, and the error is a toast (SPEC 4)', async () => {
    let failed: Promise<unknown> | undefined
    const { seen, final } = run(
      's 9ms f',
      { f: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error: { message: 'insufficient funds' }, reason: 'error' } },
      (provider, at) => at(5, () => (failed = settle(provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] })))),
    )
    expect(await failed!).toMatchObject({ error: 'insufficient funds' })
    const after = seen.slice(seen.findIndex((a) => a.type === 'auth/requestSettled'))
    expect(after).toEqual([
      { type: 'auth/requestSettled', id: 'id1', error: { message: 'insufficient funds' } },
      { type: 'notifications/showRequested', notification: { id: 'id2', variant: 'error', message: 'insufficient funds' } },
      { type: 'modal/closeRequested' },
    ])
    expect(final().modal.open).toBe(false)
    expect(final().notifications).toMatchObject({ open: true, current: { variant: 'error', message: 'insufficient funds' } })
  })

  test('behavior: a timeout pops back to the view under ApproveTransaction, raises its alert and takes the request back from the frame', async () => {
    let failed: Promise<unknown> | undefined
    const { seen, final } = run(
      's o 9ms f',
      {
        o: { type: 'modal/openRequested', view: 'Account' },
        f: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error: { message: 'Embedded Wallet Request Timed Out' }, reason: 'timeout' },
      },
      (provider, at) => {
        at(5, () => (failed = settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))))
      },
    )
    expect(await failed!).toMatchObject({ error: 'Embedded Wallet Request Timed Out' })
    expect(seen).toContainEqual({ type: 'router/pushRequested', view: 'ApproveTransaction' })
    expect(seen).toContainEqual({ type: 'router/backRequested' })
    expect(seen.some((a) => a.type === 'balance/fetchRequested' || a.type === 'modal/closeRequested')).toBe(false)
    // The timeout also raises its SPEC 8 alert, and the frame is told to drop the question.
    expect(seen.some((a) => a.type === 'alerts/raised')).toBe(true)
    expect(seen.some((a) => a.type === 'frame/requestSent' && a.name === 'RPC_ABORT')).toBe(true)
    expect(final().modal.open).toBe(true)
    expect(final().router.view).toBe('Account')
  })

  test('behavior: a disallowed method is refused, announced, and rejects the open requests (aborted in the frame too)', async () => {
    let open: Promise<unknown> | undefined
    let refused: Promise<unknown> | undefined
    const { seen } = run('s', {}, (provider, at) => {
      at(5, () => (open = settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))))
      at(10, () => (refused = settle(provider.request({ method: 'eth_mine' }))))
    })
    expect(await refused!).toEqual({ error: 'Requested RPC call is not allowed', code: 4200 })
    expect(await open!).toEqual({ error: 'Requested RPC call is not allowed', code: 4200 })
    expect(seen).toContainEqual({ type: 'auth/requestNotAllowed', method: 'eth_mine' })
    expect(seen).toContainEqual({ type: 'frame/abortRequested', id: 'id1' })
  })

  test('behavior: safe reads go straight to the frame; malformed params never leave the page', async () => {
    let balance: Promise<unknown> | undefined
    let bad: Promise<unknown> | undefined
    const { seen } = run('s 9ms r', { r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: '0x10' } }, (provider, at) => {
      at(5, () => (balance = settle(provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }))))
      at(6, () => (bad = settle(provider.request({ method: 'personal_sign', params: ['<script>', 'not an address'] }))))
    })
    expect(await balance!).toEqual({ value: '0x10' })
    // A read has the frame load timeout (SPEC 9), not the approval's.
    expect(seen.find((a) => a.type === 'frame/requestSent')).toMatchObject({ id: 'id1', timeoutMs: FRAME_LOAD_TIMEOUT_MS })
    expect(await bad!).toEqual({ error: 'Invalid params', code: -32602 })
    expect(seen.some((a) => a.type === 'auth/approvalRequested' || a.type === 'modal/openRequested')).toBe(false)
  })
  test('behavior: Solana through the auth provider: the connector is announced for solana, sign-message shapes are checked, and the frame gets them with the Solana chain', async () => {
    const pubkey = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    const account = { network: solanaDevnet, namespace: 'solana' as const, caip: `${solanaDevnet.caipNetworkId}:${pubkey}` as CaipAddress }
    let signed: Promise<unknown> | undefined
    let bad: Promise<unknown> | undefined
    let sent: Promise<unknown> | undefined
    const { seen } = run(
      's 9ms r',
      { r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: { signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' } } },
      (provider, at) => {
        at(5, () => (signed = settle(provider.request({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey } }))))
        at(6, () => (bad = settle(provider.request({ method: 'solana_signMessage', params: ['<b>', pubkey] }))))
        at(7, () => (sent = settle(provider.request({ method: 'solana_signAndSendTransaction', params: { transaction: 'AQAB', options: { preflightCommitment: 'nope' } } }))))
      },
      account,
    )
    expect(seen[0]).toMatchObject({ type: 'connectors/announced', connector: { id: 'auth', type: 'AUTH', namespace: 'solana' } })
    expect(seen).toContainEqual({ type: 'auth/approvalRequested', approval: expect.objectContaining({ id: 'id1', method: 'solana_signMessage' }) })
    expect(seen.find((a) => a.type === 'frame/requestSent')).toMatchObject({ message: { payload: { method: 'solana_signMessage', params: { message: '3yZe7d', pubkey }, chainId: solanaDevnet.caipNetworkId } } })
    expect(await signed!).toMatchObject({ value: { signature: expect.any(String) } })
    // Malformed Solana params never leave the page.
    expect(await bad!).toEqual({ error: 'Invalid params', code: -32602 })
    expect(await sent!).toEqual({ error: 'Invalid params', code: -32602 })
    expect(seen.filter((a) => a.type === 'auth/approvalRequested')).toHaveLength(1)
  })

  test('behavior: one login on EVM and Solana: EVM methods name the EVM account\'s chain and Solana methods the Solana cluster, whichever network is active', async () => {
    const pubkey = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    const evm = { network: airlockDevnet, namespace: 'eip155' as const, caip: CAIP }
    const sol = { network: solanaDevnet, namespace: 'solana' as const, caip: `${solanaDevnet.caipNetworkId}:${pubkey}` as CaipAddress }
    const answers: Record<string, Promise<unknown>> = {}
    // Solana connected last: it is the active network.
    const { seen, final } = run('s', {}, (provider, at) =>
      at(5, () => {
        answers.accounts = provider.request({ method: 'eth_accounts' })
        answers.chainId = provider.request({ method: 'eth_chainId' })
        void provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }).catch(() => undefined)
        void provider.request({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey } }).catch(() => undefined)
      }),
    [evm, sol])
    expect(final().connection.activeNamespace).toBe('solana')
    expect(await answers.accounts).toEqual([ADDRESS])
    expect(await answers.chainId).toBe('0x7a69')
    const sent = seen.flatMap((a) => (a.type === 'frame/requestSent' ? [(a.message as { payload: { method: string; chainId: string } }).payload] : []))
    expect(sent.map((p) => [p.method, p.chainId])).toEqual([
      ['personal_sign', 'eip155:31337'],
      ['solana_signMessage', solanaDevnet.caipNetworkId],
    ])
  })

  const announced = (namespace: ChainNamespace): Action => ({ type: 'connectors/announced', connector: { id: 'auth', name: 'Email and social login', type: 'AUTH', namespace, installed: true } })
  const PUBKEY = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
  const SOL_CAIP = `${solanaDevnet.caipNetworkId}:${PUBKEY}` as CaipAddress
  const sign = (provider: Eip1193Provider) => settle(provider.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))
  const rpcSent = (id: string, payload: unknown, timeoutMs = FRAME_APPROVAL_TIMEOUT_MS): Action =>
    ({ type: 'frame/requestSent', id, name: 'RPC_REQUEST', message: { type: '@airlock-app/RPC_REQUEST', payload, id }, timeoutMs }) as Action
  const signSent = (id: string) => rpcSent(id, { method: 'personal_sign', params: [HELLO, ADDRESS], chainId: 'eip155:31337' })
  const approval = (id: string, method = 'personal_sign'): Action => ({ type: 'auth/approvalRequested', approval: { id, method } })
  const openApprove: Action = { type: 'modal/openRequested', view: 'ApproveTransaction' }
  /** A namespace key present with no connection in it (the state type allows it), placed first. */
  const withHole = (state: AirlockState): AirlockState => ({ ...state, connection: { ...state.connection, namespaces: { bip122: undefined, ...state.connection.namespaces } } })
  /** Signed in with the auth connector on eip155 while another wallet (phantom) holds solana. */
  const authBesideWallet = () =>
    withHole(
      reduce(
        initialState({ networks: [airlockDevnet, solanaDevnet] }),
        { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] },
        { type: 'connection/accountConnected', namespace: 'solana', caipAddress: SOL_CAIP, connectorId: 'phantom', accounts: [SOL_CAIP] },
      ),
    )

  test.each([
    ['email on, socials off', { email: true, socials: false as const }, [airlockDevnet], true],
    ['email off, socials on', { email: false }, [airlockDevnet], true],
    ['email and socials off', { email: false, socials: false as const }, [airlockDevnet], false],
    ['no EVM or Solana network', {}, [bitcoin], false],
  ] as const)('behavior: the AUTH connector with %s: announced = %s', (_, features, networks, shown) => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const deps = { scheduler, providers: createProviderRegistry(), id: () => 'id' } as unknown as AirlockDeps
      const state = initialState({ networks: [...networks], features })
      expectObservable(authProviderEpic(hot<Action>('s', { s: started }), stateFollowing(state).state$, deps)).toBe(shown ? 'a' : '|', { a: announced('eip155') })
      scheduler.schedule(() => expect(deps.providers.get('auth') !== undefined).toBe(shown), 1)
    })
  })

  test('behavior: stopping the epic unregisters the auth provider', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const deps = { scheduler, providers: createProviderRegistry(), id: () => 'id' } as unknown as AirlockDeps
      const state = initialState({ networks: [airlockDevnet] })
      expectObservable(authProviderEpic(hot<Action>('s', { s: started }), stateFollowing(state).state$, deps), '^ 4ms !').toBe('a', { a: announced('eip155') })
      scheduler.schedule(() => expect(deps.providers.get('auth')).toBeDefined(), 3)
      scheduler.schedule(() => expect(deps.providers.get('auth')).toBeUndefined(), 5)
    })
  })

  test('behavior: a safe read answers with its result and nothing else; its failure rejects with the frame message and settles nothing', async () => {
    let read: Promise<unknown> | undefined
    let failed: Promise<unknown> | undefined
    const { seen } = run(
      's 9ms r 9ms f',
      {
        r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: '0x10' },
        f: { type: 'frame/requestFailed', id: 'id2', name: 'RPC_REQUEST', error: { message: 'execution reverted' }, reason: 'error' },
      },
      (provider, at) => {
        at(5, () => (read = settle(provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }))))
        at(15, () => (failed = settle(provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }))))
      },
    )
    const balance = { method: 'eth_getBalance', params: [ADDRESS, 'latest'], chainId: 'eip155:31337' }
    expect(seen).toEqual([announced('eip155'), rpcSent('id1', balance, FRAME_LOAD_TIMEOUT_MS), rpcSent('id2', balance, FRAME_LOAD_TIMEOUT_MS)])
    expect(await read!).toEqual({ value: '0x10' })
    expect(await failed!).toEqual({ error: 'execution reverted', code: undefined })
  })

  test('behavior: only an error answer with 4001 is the person\'s rejection; a reload that happens to carry 4001 still toasts', async () => {
    let failed: Promise<unknown> | undefined
    const error = { message: 'Embedded wallet reloaded', code: 4001 }
    const { seen } = run('s 9ms f', { f: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error, reason: 'reloaded' } }, (provider, at) => at(5, () => (failed = sign(provider))))
    expect(seen.slice(seen.findIndex((a) => a.type === 'auth/requestSettled'))).toEqual([
      { type: 'auth/requestSettled', id: 'id1', error },
      { type: 'notifications/showRequested', notification: { id: 'id2', variant: 'error', message: 'Embedded wallet reloaded' } },
      { type: 'modal/closeRequested' },
    ])
    expect(await failed!).toEqual({ error: 'Embedded wallet reloaded', code: 4001 })
  })

  test('behavior: losing the auth session (its namespace disconnected) ends an open approval at once, while another wallet stays connected', () => {
    const { seen } = runFrom(authBesideWallet(), 's 9ms d', { d: { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' } }, (provider, at) => at(5, () => void sign(provider)))
    expect(seen.slice(1)).toEqual([approval('id1'), openApprove, signSent('id1'), { type: 'frame/abortRequested', id: 'id1' }])
  })

  test('behavior: an auth namespace marked disconnected does not count as signed in: another namespace\'s disconnect ends the approval', () => {
    const state = reduce(initialState({ networks: [airlockDevnet] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] })
    const leftAuth = { ...state, connection: { ...state.connection, namespaces: { eip155: { ...state.connection.namespaces.eip155!, status: 'disconnected' as const } } } }
    const { seen } = runFrom(leftAuth, 's 9ms d', { d: { type: 'connection/disconnected', namespace: 'solana', reason: 'user' } }, (provider, at) => at(5, () => void sign(provider)))
    expect(seen).toContainEqual({ type: 'frame/abortRequested', id: 'id1' })
  })

  test('behavior: disconnecting another wallet, or a namespace with no connection, leaves an open approval alone', async () => {
    let signed: Promise<unknown> | undefined
    const { seen } = runFrom(
      authBesideWallet(),
      's 9ms a b c 9ms r',
      {
        a: { type: 'connection/disconnectRequested', namespace: 'solana' },
        b: { type: 'connection/disconnectRequested', namespace: 'bip122' },
        c: { type: 'connection/disconnected', namespace: 'solana', reason: 'user' },
        r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: '0xsig' },
      },
      (provider, at) => at(5, () => (signed = sign(provider))),
    )
    expect(seen.some((a) => a.type === 'frame/abortRequested')).toBe(false)
    expect(await signed!).toEqual({ value: '0xsig' })
  })

  test('behavior: after a success the balance refreshes for the connected auth account, not one still connecting', async () => {
    let signed: Promise<unknown> | undefined
    const state = reduce(
      initialState({ networks: [airlockDevnet, solanaDevnet] }),
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] },
      { type: 'connection/accountConnected', namespace: 'solana', caipAddress: SOL_CAIP, connectorId: 'auth', accounts: [SOL_CAIP] },
    )
    // eip155 is still connecting (listed first, with an address); solana is the connected one.
    const connecting = withHole({ ...state, connection: { ...state.connection, namespaces: { eip155: { ...state.connection.namespaces.eip155!, status: 'connecting' as const }, solana: state.connection.namespaces.solana } } })
    const { seen } = runFrom(connecting, 's 9ms r', { r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: { signature: 'sig' } } }, (provider, at) =>
      at(5, () => (signed = settle(provider.request({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: PUBKEY } })))),
    )
    expect(seen.slice(seen.findIndex((a) => a.type === 'auth/requestSettled'))).toEqual([
      { type: 'auth/requestSettled', id: 'id1' },
      { type: 'balance/fetchRequested', caipAddress: SOL_CAIP, force: true },
      { type: 'modal/closeRequested' },
    ])
    expect(await signed!).toEqual({ value: { signature: 'sig' } })
  })

  test('behavior: a person who navigated away from ApproveTransaction is left where they are after the answer; the RPC_ABORT answer adds nothing', async () => {
    const { seen } = run(
      's o 9ms b 9ms r',
      { o: { type: 'modal/openRequested', view: 'Account' }, b: { type: 'router/backRequested' }, r: { type: 'frame/requestSucceeded', id: 'id1', name: 'RPC_REQUEST', payload: '0xsig' } },
      (provider, at) => at(5, () => void sign(provider)),
    )
    expect(seen.slice(seen.findIndex((a) => a.type === 'auth/requestSettled'))).toEqual([
      { type: 'auth/requestSettled', id: 'id1' },
      { type: 'balance/fetchRequested', caipAddress: CAIP, force: true },
    ])
    const closed = run(
      's 9ms c 1ms x 9ms y',
      {
        c: { type: 'modal/closeRequested' },
        x: { type: 'frame/requestFailed', id: 'id1', name: 'RPC_REQUEST', error: { message: 'Request was aborted' }, reason: 'aborted' },
        y: { type: 'frame/requestSucceeded', id: 'id2', name: 'RPC_ABORT' },
      },
      (provider, at) => at(5, () => void sign(provider)),
    )
    expect(closed.seen.at(-1)).toEqual({ type: 'frame/requestSent', id: 'id2', name: 'RPC_ABORT', message: { id: 'id2', type: '@airlock-app/RPC_ABORT', payload: { id: 'id1' } }, timeoutMs: 3_000 })
  })
})
