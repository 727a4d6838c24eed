import { ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
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
