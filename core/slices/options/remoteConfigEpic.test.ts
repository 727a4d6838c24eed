import { asyncScheduler, ignoreElements, lastValueFrom, merge, of, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
import { HttpError } from '../../api/errors.js'
import { toErrorInfo } from '../../errors/BaseError.js'
import { alertFor } from '../../errors/alerts.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { initEpic } from '../app/initEpic.js'
import { remoteConfigEpic } from './remoteConfigEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const started: Action = { type: 'app/started', environment: { origin: 'https://shop.example.com', pageUrl: 'https://shop.example.com/', isMobile: false, ssr: false } }
/**
 * `ready()` resolves on `app/initialized`: the remote config and the init epic together, as the store
 * runs them. The store folds every action; here a listener keeps `action$` (and so the state) going
 * after the config epic has taken its one `app/started`.
 */
const withInit: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  merge(remoteConfigEpic(action$, state$, deps), initEpic(action$, state$, deps), action$.pipe(ignoreElements()))

describe('remoteConfigEpic over a hanging gateway (issue 21, fault 2c)', () => {
  test('behavior: a config fetch that never answers fails after one request timeout (10 s), keeping the local features, and initialization follows at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, paths, aborted } = hangingApi(scheduler)
      const hydrated = reduce(initialState({ projectId: 'p', features: { email: true } }), { type: 'storage/hydrated', values: {}, backend: 'memory' })
      const { out$, state } = runEpic(scheduler, withInit, hot('s', { s: started }), hydrated, deps)
      expectObservable(out$).toBe('r 9999ms (fi)', {
        r: { type: 'options/remoteConfigRequested' },
        f: { type: 'options/remoteConfigFailed', error: { message: 'Request timed out' } },
        i: { type: 'app/initialized' },
      })
      scheduler.flush()
      expect(paths).toEqual(['/appkit/v1/config'])
      expect(aborted()).toEqual([true])
      expect(state().options.features.email).toBe(true)
    })
  })

  test('behavior: unsubscribing (destroy) before the timeout aborts the fetch and emits nothing more', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, aborted } = hangingApi(scheduler)
      const { out$ } = runEpic(scheduler, remoteConfigEpic, hot('s', { s: started }), initialState({ projectId: 'p' }), deps)
      expectObservable(out$, '^ 5s !').toBe('r', { r: { type: 'options/remoteConfigRequested' } })
      scheduler.flush()
      expect(aborted()).toEqual([true])
    })
  })
})

/** Runs the epic on `app/started` against a gateway answering `answer`; the actions out and the requests made. */
async function runWith(options: Parameters<typeof initialState>[0], answer: () => Promise<unknown>) {
  const calls: { path: string; params: unknown }[] = []
  const get = ({ path, params }: { path: string; params: unknown }) => (calls.push({ path, params }), answer())
  const deps = { scheduler: asyncScheduler, http: { api: { get } } } as unknown as AirlockDeps
  const { state$ } = stateFollowing(reduce(initialState(options), started))
  const out = await lastValueFrom(remoteConfigEpic(of(started), state$, deps).pipe(toArray()))
  return { out, calls }
}

describe('remoteConfigEpic answers', () => {
  const requested: Action = { type: 'options/remoteConfigRequested' }

  test('behavior: no project id: "Project ID Not Configured", nothing asked', async () => {
    const { out, calls } = await runWith({}, () => Promise.resolve({ features: [] }))
    expect([out, calls]).toEqual([[{ type: 'alerts/raised', alert: alertFor('PROJECT_ID_NOT_CONFIGURED') }], []])
  })

  test('default: asks /appkit/v1/config with the project id and SDK type and version; remote features load, no warning when no local one was set', async () => {
    const { out, calls } = await runWith({ projectId: 'p', sdkType: 'airlock', sdkVersion: '1.2.3' }, () => Promise.resolve({ features: [{ id: 'activity', isEnabled: false }] }))
    expect(out).toEqual([requested, { type: 'options/remoteConfigLoaded', features: { activity: false }, ignoredLocal: [] }])
    expect(calls).toEqual([{ path: '/appkit/v1/config', params: { projectId: 'p', st: 'airlock', sv: '1.2.3' } }])
  })

  test('behavior: local features the remote config overrides raise "Local configuration ignored" naming each, before the load', async () => {
    const config = { features: [{ id: 'activity', isEnabled: false }, { id: 'reown_branding', isEnabled: false }] }
    const { out } = await runWith({ projectId: 'p', features: { activity: true, reownBranding: true } }, () => Promise.resolve(config))
    const message =
      'Your local configuration for "features.activity", "features.reownBranding" was ignored because a remote configuration was fetched. Manage these features in the project configuration.'
    expect(out).toEqual([
      requested,
      { type: 'alerts/raised', alert: { code: 'LOCAL_CONFIGURATION_IGNORED', title: 'Local configuration ignored', message, variant: 'warning' } },
      { type: 'options/remoteConfigLoaded', features: { activity: false, reownBranding: false }, ignoredLocal: ['activity', 'reownBranding'] },
    ])
  })

  test('behavior: a failure with a known server message also raises its alert (SPEC 8), first; other failures only fail', async () => {
    const known = new HttpError(403, { method: 'GET', url: 'https://api.example/appkit/v1/config', body: 'Unauthorized: invalid key' })
    const { out } = await runWith({ projectId: 'p' }, () => Promise.reject(known))
    expect(out).toEqual([requested, { type: 'alerts/raised', alert: alertFor('INVALID_PROJECT_ID') }, { type: 'options/remoteConfigFailed', error: toErrorInfo(known) }])
    const other = new HttpError(403, { method: 'GET', url: 'https://api.example/appkit/v1/config', body: 'Forbidden' })
    expect((await runWith({ projectId: 'p' }, () => Promise.reject(other))).out).toEqual([requested, { type: 'options/remoteConfigFailed', error: toErrorInfo(other) }])
  })
})
