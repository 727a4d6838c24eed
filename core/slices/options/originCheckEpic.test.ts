import { asyncScheduler, lastValueFrom, NEVER, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { alertFor } from '../../errors/alerts.js'
import { originCheckEpic } from './originCheckEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const started: Action = { type: 'app/started', environment: { origin: 'https://shop.example.com', pageUrl: 'https://shop.example.com/', isMobile: false, ssr: false } }

describe('originCheckEpic over a hanging gateway (issue 21, fault 2c)', () => {
  test('behavior: an origins fetch that never answers fails after one request timeout (10 s) with "Project ID Not Configured"', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, paths, aborted } = hangingApi(scheduler)
      // The remote config has failed (settled); email login is on and the origin is not a default one.
      const state = reduce(initialState({ projectId: 'p', features: { email: true } }), started, { type: 'options/remoteConfigFailed', error: { message: 'x' } })
      const { out$ } = runEpic(scheduler, originCheckEpic, hot('-'), state, deps)
      expectObservable(out$).toBe('10s (fa|)', {
        f: { type: 'options/originCheckFailed', error: { message: 'Request timed out' } },
        a: { type: 'alerts/raised', alert: alertFor('PROJECT_ID_NOT_CONFIGURED') },
      })
      scheduler.flush()
      expect(paths).toEqual(['/projects/v1/origins'])
      expect(aborted()).toEqual([true])
    })
  })
})

const ORIGIN = 'https://shop.example.com'

/** Runs the check once the remote config failed (settled) against a gateway answering `allowedOrigins`; the actions out and the requests made. */
async function check(options: Parameters<typeof initialState>[0], allowedOrigins: string[], origin: string | null = ORIGIN) {
  const calls: { path: string; params: unknown }[] = []
  const get = ({ path, params }: { path: string; params: unknown }) => (calls.push({ path, params }), Promise.resolve({ allowedOrigins }))
  const deps = { scheduler: asyncScheduler, http: { api: { get } } } as unknown as AirlockDeps
  const start: Action = { type: 'app/started', environment: { origin, pageUrl: origin, isMobile: false, ssr: false } }
  const { state$ } = stateFollowing(reduce(initialState(options), start, { type: 'options/remoteConfigFailed', error: { message: 'x' } }))
  const out = await lastValueFrom(originCheckEpic(NEVER, state$, deps).pipe(toArray()))
  return { out, calls }
}

describe('originCheckEpic answers', () => {
  const skipped = (reason: string) => [{ type: 'options/originCheckSkipped', reason }]

  test.each([
    ['neither email nor social login is on', { projectId: 'p', features: { email: false, socials: false } }, ORIGIN, skipped('noEmbeddedLogin')],
    ['there is no page origin', { projectId: 'p', features: { email: true } }, null, skipped('noOrigin')],
    ['there is no project id', { features: { email: true } }, ORIGIN, skipped('noProjectId')],
    ['the origin is in the local allowed origins', { projectId: 'p', features: { email: true }, allowedOrigins: [ORIGIN] }, ORIGIN, [{ type: 'options/originChecked', origin: ORIGIN, allowed: true }]],
  ] as const)('behavior: no request when %s', async (_name, options, origin, expected) => {
    const { out, calls } = await check(options as Parameters<typeof initialState>[0], [ORIGIN], origin)
    expect([out, calls]).toEqual([expected, []])
  })

  test.each([
    ['email login alone', { email: true, socials: false }],
    ['social login alone', { email: false, socials: ['google'] }],
  ] as const)('behavior: %s is checked: the project\'s origins are asked with its id and the origin found there is allowed', async (_name, features) => {
    const { out, calls } = await check({ projectId: 'p', features: features as never }, ['https://other.example.com', ORIGIN])
    expect(out).toEqual([{ type: 'options/originChecked', origin: ORIGIN, allowed: true }])
    expect(calls).toEqual([{ path: '/projects/v1/origins', params: { projectId: 'p' } }])
  })

  test('behavior: an origin on neither list is not allowed: "Invalid App Configuration" naming it', async () => {
    const { out } = await check({ projectId: 'p', features: { email: true } }, ['https://other.example.com'])
    const message = `Origin ${ORIGIN} is not on the allowed origins of this project. Add it to the project configuration.`
    expect(out).toEqual([
      { type: 'options/originChecked', origin: ORIGIN, allowed: false },
      { type: 'alerts/raised', alert: { code: 'INVALID_APP_CONFIGURATION', title: 'Invalid App Configuration', message, variant: 'error' } },
    ])
  })
})
