import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, type Airlock, type CreateAirlockParameters } from '../../core/index.js'
import type { FrameHost } from '../../core/frame/FrameHost.js'
import { createStorage } from '../../storage/createStorage.js'

/** A page at `href` as Airlock's `window` dep: location, a desktop user agent, history and listeners. */
export function fakePage(origin: string, href = `${origin}/`) {
  const listeners = new Set<(event: Event) => void>()
  const location = { origin, href, pathname: '/' }
  return {
    location,
    navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
    history: { replaceState: (_state: unknown, _title: string, url: string) => void (location.href = url) },
    addEventListener: (_type: string, listener: (event: Event) => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: Event) => void) => void listeners.delete(listener),
  }
}

export interface VirtualAirlock {
  readonly airlock: Airlock
  /** Advances virtual time by `ms` in steps, letting microtasks (lazy chunks, frame replies) run between them. */
  run(ms: number): Promise<void>
}

/**
 * A whole Airlock on virtual time in Node, with a scripted secure frame behind the real transport,
 * memory storage, no network and ids `id1`, `id2`, …: for flows whose log and state are checked.
 * @example const { airlock, run } = await startVirtualAirlock({ origin, frameHost: scriptedFrame() })
 */
export async function startVirtualAirlock(params: {
  origin: string
  href?: string
  frameHost: FrameHost
  options?: Partial<CreateAirlockParameters>
}): Promise<VirtualAirlock> {
  // The lazy epics' chunks, loaded before the store starts: `run()` gives a dynamic import only a
  // few macrotasks, and a first import of these (transformed by vitest) can take longer on a busy
  // machine; from the module cache each one resolves at once.
  await Promise.all([
    import('../../core/startupEffects.js'),
    import('../../core/lateSlices.js'),
    import('../../core/connectors/auth/authEpics.js'),
    import('../../core/frame/frameEpics.js'),
    import('../../core/slices/siwx/siwxEpics.js'),
  ])
  const scheduler = new VirtualTimeScheduler(undefined, Number.POSITIVE_INFINITY)
  let next = 0
  const airlock = createAirlock({
    secureSiteUrl: 'https://secure.example',
    features: { analytics: false, email: true, socials: ['github', 'farcaster'] },
    adapters: [],
    ...params.options,
    deps: {
      scheduler,
      window: fakePage(params.origin, params.href) as never,
      storage: createStorage({ backend: 'memory' }),
      id: () => `id${++next}`,
      frameHost: params.frameHost,
      fetch: (() => Promise.reject(new Error('offline'))) as never,
    },
  })
  let target = 0
  const run = async (ms: number) => {
    for (let i = 0; i < 40; i++) {
      target += ms / 40
      scheduler.maxFrames = target
      scheduler.flush()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  }
  await airlock.ready()
  await run(100)
  return { airlock, run }
}
