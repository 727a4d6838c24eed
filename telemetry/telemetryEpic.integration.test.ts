import { createProviderRegistry } from '../core/connectors/providerRegistry.js'
import { createSecretBox } from '../core/store/secretBox.js'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asyncScheduler } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Action, Environment } from '../core/actions/types.js'
import { createHttpClient } from '../core/api/createHttpClient.js'
import type { AirlockDeps, StorageDep, WindowLike } from '../core/deps.js'
import { resolveOptions } from '../core/options/resolveOptions.js'
import { createInitialState, rootReducer } from '../core/rootReducer.js'
import type { AirlockState } from '../core/state.js'
import { createStore, type Store } from '../core/store/createStore.js'
import { telemetryEpic } from './telemetryEpic.js'

// A real collector on a free local port: records every request, answers `status`.
type Received = { method: string; url: URL; contentType: string | undefined; raw: string }
const received: Received[] = []
let status = 204
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = ''
  for await (const chunk of req) raw += String(chunk)
  received.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://127.0.0.1'), contentType: req.headers['content-type'], raw })
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(status === 403 ? JSON.stringify({ message: 'Unauthorized: origin not allowed' }) : '')
})
let baseUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const stores: Store<AirlockState, Action>[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.destroy()
  received.length = 0
  status = 204
})

const environment: Environment = { origin: 'https://dapp.example', pageUrl: 'https://dapp.example/account', isMobile: false, ssr: false }

/** The real store, reducer, HTTP client and epic; only the page and ids are fixed. */
function start(window: WindowLike | undefined, env: Environment = environment) {
  const analytics = createHttpClient({ baseUrl })
  let n = 0
  const deps: AirlockDeps = { scheduler: asyncScheduler, http: { api: analytics, blockchain: analytics, analytics }, storage: {} as StorageDep, window, id: () => `evt-${++n}`, providers: createProviderRegistry(), secrets: createSecretBox(() => `s${++n}`) }
  const options = resolveOptions({ projectId: 'p1', sdkType: 'airlock-test', sdkVersion: 'airlock-test-1.2.3' }).options
  const store = createStore({ reducer: rootReducer, epics: { telemetry: telemetryEpic }, deps, initialState: createInitialState(options) })
  stores.push(store)
  store.dispatch({ type: 'app/started', environment: env })
  return store
}

const page = (href: string): WindowLike => {
  const url = new URL(href)
  return { location: { origin: url.origin, href, pathname: url.pathname } }
}

describe('telemetryEpic against a real collector', () => {
  test('default: exact query and body; the page url loses its query and hash', async () => {
    const store = start(page('https://dapp.example/account?email=a@b.c#x'))
    store.dispatch({ type: 'modal/openRequested' })
    // Already open: no second MODAL_OPEN, which proves the epic tracks the state before each action.
    store.dispatch({ type: 'modal/openRequested' })
    await vi.waitFor(() => expect(received).toHaveLength(1))
    const [request] = received
    expect(request!.method).toBe('POST')
    expect(request!.url.pathname).toBe('/e')
    expect([...request!.url.searchParams]).toEqual([['projectId', 'p1'], ['st', 'airlock-test'], ['sv', 'airlock-test-1.2.3']])
    expect(request!.contentType).toBe('application/json')
    expect(JSON.parse(request!.raw)).toEqual({
      eventId: 'evt-1',
      url: 'https://dapp.example/account',
      domain: 'dapp.example',
      timestamp: expect.any(Number),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    })
    expect(request!.raw).not.toMatch(/a@b\.c|email|#x/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toHaveLength(1)
  })

  test('behavior: without a window the state page url is used, sanitized too', async () => {
    const store = start(undefined, { ...environment, pageUrl: 'https://dapp.example/swap?email=a@b.c#x' })
    store.dispatch({ type: 'telemetry/errorCaptured', errorType: 'ConnectError', error: { message: 'boom' } })
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(JSON.parse(received[0]!.raw)).toMatchObject({
      url: 'https://dapp.example/swap',
      domain: 'dapp.example',
      props: { type: 'error', event: 'ERROR', errorType: 'ConnectError', errorMessage: 'boom' },
    })
  })

  test('behavior: a 403 raises Invalid App Configuration once; nothing more is sent', async () => {
    status = 403
    const store = start(page('https://evil.example/'))
    store.dispatch({ type: 'modal/openRequested' })
    await vi.waitFor(() => expect(store.getState().alerts.map((alert) => alert.code)).toEqual(['INVALID_APP_CONFIGURATION']))
    store.dispatch({ type: 'modal/closeRequested' })
    store.dispatch({ type: 'telemetry/errorCaptured', errorType: 'X', error: { message: 'y' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const types = store.log.entries().map((entry) => entry.action.type)
    expect(types.filter((type) => type === 'alerts/raised')).toHaveLength(1)
    expect(store.log.entries().filter((entry) => entry.action.type === 'telemetry/sendFailed').map((entry) => entry.action)).toEqual([
      { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 403', code: 403 } },
    ])
    expect(received).toHaveLength(1)
  })
})
