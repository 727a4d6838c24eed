import { VirtualTimeScheduler } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createAirlock, replay, type Airlock, type CreateAirlockParameters } from '../../core/index.js'
import { startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { createStorage } from '../../storage/createStorage.js'

const page = (origin: string) => ({ location: { origin, href: `${origin}/shop?email=a@b.c#frag`, pathname: '/shop' }, navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' } })

let gateway: Gateway
const running: Airlock[] = []

beforeAll(async () => {
  gateway = await startGateway({
    projects: {
      remote: {
        features: [{ id: 'social_login', isEnabled: true, config: ['google'] }, { id: 'activity', isEnabled: false }],
        allowedOrigins: ['https://*.example.com'],
        isAnalyticsEnabled: true,
      },
      plain: { allowedOrigins: [] },
    },
  })
})
afterAll(() => gateway.close())
afterEach(() => {
  for (const airlock of running.splice(0)) airlock.destroy()
  for (const path of ['/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig']) gateway.fail(path, null)
})

function start(params: CreateAirlockParameters & { origin?: string | null }): Airlock {
  const { origin = 'https://shop.example.com', ...rest } = params
  const airlock = createAirlock({
    apiUrl: gateway.url,
    analyticsUrl: gateway.url,
    blockchainApiUrl: gateway.url,
    ...rest,
    deps: { window: origin ? (page(origin) as never) : undefined, storage: createStorage({ backend: 'memory' }), ...rest.deps },
  })
  running.push(airlock)
  return airlock
}

describe('createAirlock', () => {
  test('default: without a project id it still initializes, with the SPEC alert', async () => {
    const state = await start({}).ready()
    expect(state.alerts.map((a) => a.title)).toEqual(['Project ID Not Configured'])
    expect(state.app).toMatchObject({ initialized: true, remoteConfig: 'idle', originCheck: 'skipped' })
  })

  test('behavior: remote features override local ones and warn "Local configuration ignored"', async () => {
    const before = gateway.requests.length
    const airlock = start({ projectId: 'remote', features: { email: true, swaps: false } })
    const state = await airlock.ready()
    expect(gateway.requests.slice(before)).toContain('GET /appkit/v1/config?projectId=remote&st=airlock&sv=airlock-0.1.0')
    expect(state.options.features).toMatchObject({ email: false, socials: ['google'], activity: false, swaps: false })
    expect(state.alerts.find((a) => a.code === 'LOCAL_CONFIGURATION_IGNORED')).toMatchObject({ title: 'Local configuration ignored', variant: 'warning' })
    expect(state.alerts.find((a) => a.code === 'LOCAL_CONFIGURATION_IGNORED')?.message).toContain('"features.email"')
  })

  test('behavior: the page origin is matched against the remote allowed origins with wildcards', async () => {
    const airlock = start({ projectId: 'remote' })
    await airlock.ready()
    await until(airlock, (s) => s.app.originCheck !== 'pending')
    expect(airlock.getState().app.originCheck).toBe('allowed')
    expect(gateway.requests).toContain('GET /projects/v1/origins?projectId=remote')
  })

  test('behavior: an origin not allowed raises "Invalid App Configuration"', async () => {
    const airlock = start({ projectId: 'remote', origin: 'https://evil.test' })
    await until(airlock, (s) => s.app.originCheck !== 'pending')
    expect(airlock.getState().app.originCheck).toBe('denied')
    expect(airlock.getState().alerts.map((a) => a.title)).toContain('Invalid App Configuration')
  })

  test('behavior: a failed origins fetch raises "Project ID Not Configured"', async () => {
    gateway.fail('/projects/v1/origins', 403)
    const airlock = start({ projectId: 'plain', origin: 'https://evil.test' })
    await until(airlock, (s) => s.app.originCheck !== 'pending')
    expect(airlock.getState().app.originCheck).toBe('failed')
    expect(airlock.getState().alerts.map((a) => a.code)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
  })

  test('behavior: no remote config (404) keeps the local features', async () => {
    const state = await start({ projectId: 'plain', features: { email: false, socials: false } }).ready()
    expect(state.app.remoteConfig).toBe('failed')
    expect(state.options.features).toMatchObject({ email: false, socials: false, swaps: ['1inch'] })
    expect(state.app.originCheck).toBe('skipped')
  })

  test('behavior: a remote config body of the wrong shape or HTML is a typed failure, not a crash', async () => {
    for (const fault of ['garbage', 'html'] as const) {
      gateway.fail('/appkit/v1/config', fault)
      const state = await start({ projectId: 'remote', origin: null }).ready()
      expect(state.app.remoteConfig).toBe('failed')
      const failed = start({ projectId: 'remote', origin: null })
      await failed.ready()
      const entry = failed.log.entries().find((e) => e.action.type === 'options/remoteConfigFailed')
      expect(entry?.action).toMatchObject({ error: { message: fault === 'html' ? 'Invalid JSON response' : expect.stringContaining('schema') } })
    }
  })

  test('behavior: works on a server (no window): memory storage, no page checks', async () => {
    const airlock = createAirlock({ projectId: 'remote', apiUrl: gateway.url, analyticsUrl: gateway.url, deps: { window: undefined } })
    running.push(airlock)
    const state = await airlock.ready()
    expect(state.app.environment).toEqual({ origin: null, pageUrl: null, isMobile: false, ssr: true })
    expect(state.app.storage.backend).toBe('memory')
    expect(state.app.originCheck).toBe('skipped')
  })

  test('behavior: destroy aborts requests in flight and stops the store', async () => {
    gateway.fail('/appkit/v1/config', 'hang')
    const before = gateway.requests.length
    const airlock = start({ projectId: 'remote' })
    // This instance's own request (the start-up effects load on demand, a moment after createAirlock).
    await waitFor(() => gateway.requests.slice(before).some((r) => r.startsWith('GET /appkit/v1/config')))
    const abortedBefore = gateway.aborted
    airlock.destroy()
    await waitFor(() => gateway.aborted > abortedBefore)
    const size = airlock.log.size
    airlock.open()
    expect(airlock.log.size).toBe(size)
  })

  test('behavior: open/close and the log replays to the same state', async () => {
    const airlock = start({ projectId: 'remote' })
    await airlock.ready()
    airlock.open()
    airlock.dispatch({ type: 'router/pushRequested', view: 'AllWallets' })
    expect(airlock.getState().router.view).toBe('AllWallets')
    airlock.close()
    expect(airlock.getState().modal.open).toBe(false)
    expect(replay(airlock.log.export())).toEqual(airlock.getState())
  })

  test('behavior: a gateway that hangs holds ready() for one request timeout (10 s), not 33 s; the origin check and the analytics switch give up after it too (issue 21, fault 2c)', async () => {
    // Virtual time, and a fetch that never answers (until aborted): only Airlock's own timing ends it.
    const scheduler = new VirtualTimeScheduler(undefined, Number.POSITIVE_INFINITY)
    const asked: string[] = []
    const hang = ((input: string | URL, init?: RequestInit) => {
      asked.push(new URL(String(input)).pathname)
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
    }) as typeof fetch
    const airlock = start({ projectId: 'remote', features: { email: true, analytics: true }, deps: { scheduler, fetch: hang } })
    let readyAt: number | undefined
    void airlock.ready().then(() => (readyAt = scheduler.now()))
    // The start-up effects load on demand (real time): wait for their first requests, at virtual 0.
    await waitFor(() => asked.includes('/appkit/v1/config') && asked.includes('/getAnalyticsConfig'))
    const advanceTo = async (ms: number) => {
      scheduler.maxFrames = ms
      scheduler.flush()
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1))
    }
    await advanceTo(9_999)
    expect(readyAt).toBeUndefined()
    await advanceTo(10_000)
    await waitFor(() => readyAt !== undefined)
    expect(readyAt).toBe(10_000)
    // The origin check asks once the config has settled, and gives up one request timeout later.
    await waitFor(() => asked.includes('/projects/v1/origins'))
    await advanceTo(20_000)
    await until(airlock, (s) => s.app.originCheck !== 'pending')
    const at = (type: string) => airlock.log.entries().find((e) => e.action.type === type)
    expect(at('options/remoteConfigFailed')).toMatchObject({ at: 10_000, action: { error: { message: 'Request timed out' } } })
    expect(at('options/analyticsConfigFailed')).toMatchObject({ at: 10_000, action: { error: { message: 'Request timed out' } } })
    expect(at('options/originCheckFailed')).toMatchObject({ at: 20_000, action: { error: { message: 'Request timed out' } } })
    // One request each: a hang is not retried (analytics events, POST /e, aside).
    expect(asked.filter((path) => path !== '/e').sort()).toEqual(['/appkit/v1/config', '/getAnalyticsConfig', '/projects/v1/origins'])
  })

  test('behavior: invalid options throw before anything starts', () => {
    expect(() => createAirlock({ siweConfig: {} as never, siwx: {} as never })).toThrow('Cannot set both `siweConfig` and `siwx` options')
  })
})

async function until(airlock: Airlock, predicate: (state: ReturnType<Airlock['getState']>) => boolean): Promise<void> {
  await waitFor(() => predicate(airlock.getState()))
}

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = performance.now()
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('createAirlock analytics config (SPEC 7 GET /getAnalyticsConfig)', () => {
  const settled = (airlock: Airlock) => until(airlock, () => airlock.log.entries().some((e) => e.action.type.startsWith('options/analyticsConfig')))

  test('behavior: the project switch on keeps analytics; off turns it off and nothing more is sent to POST /e', async () => {
    const before = gateway.requests.length
    const on = start({ projectId: 'remote' })
    await settled(on)
    expect(gateway.requests.slice(before)).toContain('GET /getAnalyticsConfig?projectId=remote&st=airlock&sv=airlock-0.1.0')
    expect(on.getState().options.features.analytics).toBe(true)

    const off = start({ projectId: 'plain' })
    await settled(off)
    expect(off.log.entries().find((e) => e.action.type === 'options/analyticsConfigLoaded')?.action).toEqual({ type: 'options/analyticsConfigLoaded', enabled: false })
    expect(off.getState().options.features.analytics).toBe(false)
    const sentBefore = gateway.requests.length
    off.dispatch({ type: 'telemetry/errorCaptured', errorType: 'TestError', error: { message: 'boom' } })
    on.dispatch({ type: 'telemetry/errorCaptured', errorType: 'TestError', error: { message: 'boom' } })
    // The project that keeps analytics sends its event; by then the other one would have too.
    await waitFor(() => gateway.requests.slice(sentBefore).some((r) => r.startsWith('POST /e?projectId=remote')))
    expect(gateway.requests.slice(sentBefore).filter((r) => r.startsWith('POST /e?projectId=plain'))).toEqual([])
  })

  test('behavior: analytics off in the options, or on a server: the switch is never asked', async () => {
    const before = gateway.requests.length
    const airlock = start({ projectId: 'remote', features: { analytics: false } })
    await airlock.ready()
    await waitFor(() => gateway.requests.slice(before).some((r) => r.startsWith('GET /appkit/v1/config')))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(gateway.requests.slice(before).filter((r) => r.startsWith('GET /getAnalyticsConfig'))).toEqual([])
    expect(airlock.log.entries().filter((e) => e.action.type.startsWith('options/analyticsConfig'))).toEqual([])
    const server = start({ projectId: 'remote', origin: null })
    await server.ready()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.log.entries().filter((e) => e.action.type.startsWith('options/analyticsConfig'))).toEqual([])
    expect(gateway.requests.slice(before).filter((r) => r.startsWith('GET /getAnalyticsConfig'))).toEqual([])
  })

  test('behavior: a malformed or HTML answer is a typed failure that keeps the local setting', async () => {
    for (const fault of ['garbage', 'html'] as const) {
      gateway.fail('/getAnalyticsConfig', fault)
      const airlock = start({ projectId: 'plain' })
      await settled(airlock)
      const entry = airlock.log.entries().find((e) => e.action.type.startsWith('options/analyticsConfig'))
      expect(entry?.action).toMatchObject({ type: 'options/analyticsConfigFailed', error: { message: fault === 'html' ? 'Invalid JSON response' : expect.stringContaining('schema') } })
      expect(airlock.getState().options.features.analytics).toBe(true)
    }
  })
})

describe('createAirlock server messages', () => {
  test('behavior: "Unauthorized: invalid key" from the config API raises the invalid project id alert', async () => {
    const state = await start({ projectId: 'no-such-project', origin: null }).ready()
    expect(state.app.remoteConfig).toBe('failed')
    expect(state.alerts.map((a) => [a.code, a.title])).toEqual([['INVALID_PROJECT_ID', 'Invalid App Configuration']])
  })
})
