import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, type Airlock, type CreateAirlockParameters } from '../core/index.js'
import { createStorage } from '../storage/createStorage.js'

export interface TestAirlock {
  readonly airlock: Airlock
  /** The virtual clock every timing rule of this Airlock runs on. */
  readonly scheduler: VirtualTimeScheduler
  /** Virtual milliseconds since the start. */
  now(): number
  /**
   * Moves virtual time on by `ms`: every timer due meanwhile fires in order, and promises (lazy
   * code, a wallet's answers) settle between them, so a 30 s cooldown passes in a few milliseconds.
   */
  advanceBy(ms: number): Promise<void>
  destroy(): void
}

/** Settles pending promises: a few macrotask turns (a dynamic import or a wallet answer needs more than microtasks). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * An Airlock for a host app's tests: every timing rule (cooldowns, pairing expiry, retries,
 * toasts) on a virtual clock the test moves with `advanceBy`, storage in memory, no analytics,
 * and the options you pass (`deps.window` gives it a page, e.g. happy-dom's). Resolves once its
 * code is loaded, like `airlock.ready()`.
 * @example const { airlock, advanceBy } = await createTestAirlock({ networks: [mainnet] }); await advanceBy(30_000)
 */
export async function createTestAirlock(options: CreateAirlockParameters = {}): Promise<TestAirlock> {
  const scheduler = new VirtualTimeScheduler(undefined, 0)
  const airlock = createAirlock({
    features: { analytics: false },
    ...options,
    deps: { storage: createStorage({ backend: 'memory' }), ...options.deps, scheduler },
  })
  await airlock.ready()
  const advanceBy = async (ms: number): Promise<void> => {
    if (!(ms >= 0)) throw new RangeError(`advanceBy takes a duration of 0 or more milliseconds, got ${ms}`)
    const target = scheduler.frame + ms
    // Due timers one instant at a time, promises settled after each: a timer's effect may schedule the next.
    for (;;) {
      const next = (scheduler.actions as { delay: number }[])[0]
      if (!next || next.delay > target) break
      scheduler.maxFrames = next.delay
      scheduler.flush()
      await settle()
    }
    scheduler.frame = target
    scheduler.maxFrames = target
    await settle()
  }
  // What the start scheduled for "now" runs before the test looks.
  await advanceBy(0)
  return { airlock, scheduler, now: () => scheduler.now(), advanceBy, destroy: () => airlock.destroy() }
}
