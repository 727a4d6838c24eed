import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
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
