import { asyncScheduler, lastValueFrom, of, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { analyticsConfigEpic } from './analyticsConfigEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const started: Action = { type: 'app/started', environment: { origin: 'https://shop.example.com', pageUrl: 'https://shop.example.com/', isMobile: false, ssr: false } }

describe('analyticsConfigEpic over a hanging gateway (issue 21, fault 2c)', () => {
  test('behavior: a switch that never answers gives up after one request timeout (10 s), keeping the local setting', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, paths, aborted } = hangingApi(scheduler)
      const { out$, state } = runEpic(scheduler, analyticsConfigEpic, hot('s', { s: started }), initialState({ projectId: 'p', features: { analytics: true } }), deps)
      expectObservable(out$).toBe('10s (f|)', { f: { type: 'options/analyticsConfigFailed', error: { message: 'Request timed out' } } })
      scheduler.flush()
      expect(paths).toEqual(['/getAnalyticsConfig'])
      expect(aborted()).toEqual([true])
      expect(state().options.features.analytics).toBe(true)
    })
  })
})

/** Runs the epic on `app/started` against a gateway answering `answer`; the actions out and the requests made. */
async function runWith(options: Parameters<typeof initialState>[0], answer: () => Promise<unknown>, start: Action = started) {
  const calls: { path: string; params: unknown }[] = []
  const api = { get: ({ path, params }: { path: string; params: unknown }) => (calls.push({ path, params }), answer()) }
  const deps = { scheduler: asyncScheduler, id: () => 'id', http: { api } } as unknown as AirlockDeps
  const { state$ } = stateFollowing(reduce(initialState(options), start))
  const out = await lastValueFrom(analyticsConfigEpic(of(start), state$, deps).pipe(toArray()))
  return { out, calls }
}

describe('analyticsConfigEpic answers', () => {
  test('default: asks /getAnalyticsConfig with the project id and SDK type and version; off there turns analytics off', async () => {
    const { out, calls } = await runWith({ projectId: 'p', features: { analytics: true }, sdkType: 'airlock', sdkVersion: '1.2.3' }, () => Promise.resolve({ isAnalyticsEnabled: false }))
    expect(out).toEqual([{ type: 'options/analyticsConfigLoaded', enabled: false }])
    expect(calls).toEqual([{ path: '/getAnalyticsConfig', params: { projectId: 'p', st: 'airlock', sv: '1.2.3' } }])
  })

  const ssrStart: Action = { type: 'app/started', environment: { origin: null, pageUrl: null, isMobile: false, ssr: true } }
  test.each([
    ['no project id', { features: { analytics: true } }, started],
    ['analytics off', { projectId: 'p', features: { analytics: false } }, started],
    ['on a server', { projectId: 'p', features: { analytics: true } }, ssrStart],
  ] as const)('behavior: nothing is asked with %s', async (_name, options, start) => {
    const { out, calls } = await runWith(options, () => Promise.resolve({ isAnalyticsEnabled: false }), start)
    expect([out, calls]).toEqual([[], []])
  })
})
