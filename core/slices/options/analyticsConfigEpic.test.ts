import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { hangingApi, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState } from '../../../tests/support/state.js'
import type { Action } from '../../actions/types.js'
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
