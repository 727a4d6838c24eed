import { asyncScheduler, EMPTY } from 'rxjs'
import type { Action } from '../core/actions/types.js'
import { createLazyHttpClient } from '../core/api/createLazyHttpClient.js'
import { createProviderRegistry } from '../core/connectors/providerRegistry.js'
import type { Airlock } from '../core/createAirlock.js'
import type { AirlockDeps } from '../core/deps.js'
import { randomId } from '../core/environment.js'
import type { AirlockState } from '../core/state.js'
import { createEventLog } from '../core/store/eventLog.js'
import { createSecretBox } from '../core/store/secretBox.js'
import { createStateStream } from '../core/store/stateStream.js'
import { createStorage } from '../storage/createStorage.js'

/** An Airlock that only shows a state: what the devtools render a past (or imported) state with. */
export interface ReadOnlyAirlock extends Airlock {
  /** Shows another state; every component under its provider renders it. */
  show(state: AirlockState): void
}

/** The words a preview's network request fails with: a past state never reaches a server. */
export const READ_ONLY_PREVIEW = 'This is a read-only preview of a logged state'

/**
 * An Airlock whose state is whatever `show` was given, for `<AirlockProvider>` to render a
 * state from a log. It has no store and no epics: `dispatch`, `open` and `close` do nothing, no
 * wallet is reachable (`getProvider` is undefined), storage is in memory and every request fails,
 * so a scrubbed-to state can never sign, send or call out.
 * @example const preview = createReadOnlyAirlock(timeline.stateAt(4)); <AirlockProvider airlock={preview}>…
 */
export function createReadOnlyAirlock(state: AirlockState): ReadOnlyAirlock {
  const stream = createStateStream(state)
  const refuse = () => Promise.reject(new Error(READ_ONLY_PREVIEW))
  const http = () => createLazyHttpClient({ baseUrl: 'https://read-only.invalid', fetch: refuse })
  const deps: AirlockDeps = {
    scheduler: asyncScheduler,
    window: undefined,
    http: { api: http(), blockchain: http(), analytics: http() },
    storage: createStorage({ backend: 'memory' }),
    id: randomId,
    providers: createProviderRegistry(),
    secrets: createSecretBox(randomId),
    siwx: undefined,
    afterFirstPaint: () => Promise.resolve(),
  }
  const ignore = (): void => undefined
  return {
    show: (next) => stream.set(next),
    open: ignore,
    close: ignore,
    dispatch: ignore,
    getState: stream.get,
    initialState: state,
    state$: stream.state$,
    action$: EMPTY as Airlock['action$'],
    log: createEventLog<AirlockState, Action>(1, stream.get),
    ready: () => Promise.resolve(stream.get()),
    siwx: undefined,
    deps,
    getProvider: () => undefined,
    destroy: () => stream.complete(),
  }
}
