import { Observable } from 'rxjs'
import { afterEach, describe, expect, test } from 'vitest'
import type { Action } from './actions/types.js'
import { createAirlock, type Airlock, type CreateAirlockParameters } from './createAirlock.js'
import { mainnet, solana } from './chains/networks.js'
import { createStorage } from '../storage/createStorage.js'
import type { Epic } from './store/types.js'

// When the store starts (issue 12): on a page, at the instance's first use or after the first
// paint, so the host's first render, the connect button, waits for neither the store nor its epics.

const page = { location: { origin: 'https://shop.example', href: 'https://shop.example/', pathname: '/' }, navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' } }
const running: Airlock[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

/** An Airlock on a page whose first paint the test settles, with one extra epic that counts its subscriptions. */
function onPage(params: CreateAirlockParameters = {}) {
  let paint!: () => void
  const painted = new Promise<void>((resolve) => (paint = resolve))
  const subscribed: number[] = []
  const probe: Epic<Action, unknown, unknown> = () => new Observable<Action>(() => void subscribed.push(subscribed.length + 1))
  const airlock = createAirlock({
    networks: [mainnet, solana],
    ...params,
    epics: { probe: probe as never },
    deps: { window: page as never, storage: createStorage({ backend: 'memory' }), fetch: () => Promise.reject(new Error('offline')), afterFirstPaint: () => painted, ...params.deps },
  })
  running.push(airlock)
  return { airlock, subscribed, paint: async () => (paint(), await painted, await Promise.resolve()) }
}

describe('createAirlock: when the store starts', () => {
  test('behavior: before the first paint getState() already holds the start actions, and the store then holds the same state', () => {
    const { airlock, subscribed } = onPage()
    const first = airlock.getState()
    expect(subscribed).toEqual([])
    expect(first.app).toMatchObject({ started: true, environment: { origin: 'https://shop.example', returning: false }, adapters: ['eip155', 'solana'] })
    expect(airlock.getState()).toBe(first)
    // Reading the log is a use: the store starts, with the same two actions in its log.
    expect(airlock.log.entries().map((entry) => entry.action.type)).toEqual(['app/started', 'adapters/registered'])
    expect(subscribed).toEqual([1])
    expect(airlock.getState()).toEqual(first)
  })

  test('behavior: with no use, the store and its epics start once the page has painted', async () => {
    const { airlock, subscribed, paint } = onPage()
    expect(subscribed).toEqual([])
    await paint()
    expect(subscribed).toEqual([1])
    expect(airlock.log.entries().map((entry) => entry.action.type)).toEqual(['app/started', 'adapters/registered'])
  })

  test('behavior: a dispatch before the paint starts the store at once, after its start actions; the paint starts nothing more', async () => {
    const { airlock, subscribed, paint } = onPage()
    airlock.open()
    expect(airlock.getState().modal.open).toBe(true)
    expect(airlock.log.entries().map((entry) => entry.action.type)).toEqual(['app/started', 'adapters/registered', 'modal/openRequested'])
    await paint()
    expect(subscribed).toEqual([1])
  })

  test('behavior: destroyed before the paint, nothing runs after it', async () => {
    const { airlock, subscribed, paint } = onPage()
    airlock.destroy()
    await paint()
    airlock.open()
    expect(airlock.getState().modal.open).toBe(false)
    expect(subscribed).toEqual([1])
  })

  test('behavior: on a server, and with a test scheduler, the store starts inside createAirlock', () => {
    const server = onPage({ deps: { window: undefined } })
    expect(server.subscribed).toEqual([1])
    const scheduled = onPage({ deps: { scheduler: { now: () => 0, schedule: () => ({ unsubscribe() {} }) } as never } })
    expect(scheduled.subscribed).toEqual([1])
  })
})
