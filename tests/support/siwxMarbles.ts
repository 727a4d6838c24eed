import { throwError, type Observable } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import type { Action, ConnectorInfo } from '../../core/actions/types.js'
import { airlockDevnet, airlockDevnet2 } from '../../core/chains/networks.js'
import type { CaipAddress } from '../../core/chains/types.js'
import type { Eip1193Provider } from '../../core/connectors/providerRegistry.js'
import type { AirlockDeps } from '../../core/deps.js'
import { createSiwxMessage } from '../../core/siwx/formatSiwxMessage.js'
import type { SiwxConfig, SiwxMessageData } from '../../core/siwx/types.js'
import type { AirlockState } from '../../core/state.js'
import { marbleDeps } from './epicHarness.js'
import { initialState, reduce } from './state.js'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const CAIP: CaipAddress = `eip155:31337:${ADDRESS}`
export const PAGE = { origin: 'http://127.0.0.1:5173', href: 'http://127.0.0.1:5173/app?ref=mail#top', pathname: '/app' }
export const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
export const SIGNATURE = `0x${'ab'.repeat(65)}`

export const connectedTo = (caipAddress: CaipAddress = CAIP, connectorId = wallet.id): Action => ({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress, connectorId })

/** The message the default config would build for CAIP on PAGE. */
export function messageFor(overrides: Partial<SiwxMessageData> = {}) {
  return createSiwxMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/app', version: '1', nonce: 'Abcdefgh12345678', issuedAt: '1970-01-01T00:00:00.000Z', ...overrides })
}

type Answers = Partial<Record<keyof SiwxConfig, Observable<unknown> | (() => Observable<unknown>)>> & { required?: boolean }

/**
 * A SiwxConfig whose async methods answer with cold observables (epics wrap them in `defer`,
 * so they run on virtual time and subscription marbles prove cancellation), recording calls.
 */
export function marbleSiwx(answers: Answers): SiwxConfig & { calls: Record<string, unknown[][]> } {
  const calls: Record<string, unknown[][]> = {}
  const method = (name: keyof SiwxConfig) => (...args: unknown[]) => {
    ;(calls[name] ??= []).push(args)
    const answer = answers[name]
    const chosen = typeof answer === 'function' ? answer() : answer
    return (chosen ?? throwError(() => new Error(`unexpected ${name}`))) as unknown as Promise<never>
  }
  return {
    calls,
    createMessage: method('createMessage'),
    addSession: method('addSession'),
    getSessions: method('getSessions'),
    revokeSession: method('revokeSession'),
    setSessions: method('setSessions'),
    getRequired: () => answers.required ?? false,
  }
}

/** Deps for the sign-in epics: the test scheduler, a page, the config and the wallet's provider. */
export function siwxDeps(scheduler: TestScheduler, siwx: SiwxConfig | undefined, providers: Record<string, Eip1193Provider> = {}): AirlockDeps {
  return { ...marbleDeps(scheduler, providers), siwx, window: { location: PAGE } } as AirlockDeps
}

/** The app on the two devnet chains with sign-in on, the test wallet announced, then `actions`. */
export function siwxState(...actions: Action[]): AirlockState {
  const stub = marbleSiwx({})
  return reduce(initialState({ networks: [airlockDevnet, airlockDevnet2], siwx: stub }), { type: 'connectors/announced', connector: wallet }, ...actions)
}
