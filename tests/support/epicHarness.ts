import { merge, share, Subject, tap, throwError, type Observable } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import type { Action } from '../../core/actions/types.js'
import { createProviderRegistry, type Eip1193Provider } from '../../core/connectors/providerRegistry.js'
import type { AirlockDeps } from '../../core/deps.js'
import type { AirlockState } from '../../core/state.js'
import type { Epic } from '../../core/store/types.js'
import { stateFollowing } from './state.js'

/**
 * A provider for marble tests: each method answers with a cold observable. Epics wrap
 * `request` in `defer`, which subscribes to an observable like it awaits a promise, so
 * answers run on virtual time and `expectSubscriptions` proves cancellation.
 */
export function marbleProvider(
  answers: Record<string, Observable<unknown> | Observable<unknown>[]>,
): Eip1193Provider & { asked: string[]; params: Record<string, unknown[]> } {
  const asked: string[] = []
  const params: Record<string, unknown[]> = {}
  return {
    asked,
    params,
    request: ({ method, params: sent }) => {
      ;(params[method] ??= []).push(sent)
      // A list answers call after call (the last answer repeats).
      const nth = asked.filter((m) => m === method).length
      asked.push(method)
      const answer = answers[method]
      const chosen = Array.isArray(answer) ? answer[Math.min(nth, answer.length - 1)] : answer
      return (chosen ?? throwError(() => ({ code: 4200, message: `unexpected ${method}` }))) as unknown as Promise<unknown>
    },
  }
}

/** Deps for marble tests: the test scheduler, numbered ids, and the given providers. */
export function marbleDeps(scheduler: TestScheduler, providers: Record<string, Eip1193Provider> = {}): AirlockDeps {
  const registry = createProviderRegistry()
  for (const [id, provider] of Object.entries(providers)) registry.register(id, provider)
  let next = 0
  return { scheduler, id: () => `id${++next}`, providers: registry } as unknown as AirlockDeps
}

/**
 * Runs an epic the way the store does: every action (input or output) goes through the real
 * reducer before the epic sees it, and outputs come back into `action$`.
 * @example const out$ = runEpic(scheduler, connectEpic, hot('-a', { a }), state, deps)
 */
export function runEpic(
  scheduler: TestScheduler,
  epic: Epic<Action, AirlockState, AirlockDeps>,
  input$: Observable<Action>,
  initial: AirlockState,
  deps: AirlockDeps,
): { out$: Observable<Action>; state: () => AirlockState } {
  const follow = stateFollowing(initial)
  const loop = new Subject<Action>()
  // share(): the reducer runs once per action however many times the epic subscribes to action$.
  const action$ = merge(input$, loop).pipe(
    tap((action) => follow.apply(action)),
    share(),
  )
  const out$ = epic(action$, follow.state$, deps).pipe(tap((action) => scheduler.schedule(() => loop.next(action))))
  return { out$, state: () => follow.state$.value }
}

/**
 * Marble deps whose API client never answers (a hanging gateway): only the epics' own timing on
 * the test scheduler can end a request. `aborted()` says, per request made, whether it was aborted.
 * @example const { deps, aborted } = hangingApi(scheduler); runEpic(scheduler, remoteConfigEpic, input$, state, deps)
 */
export function hangingApi(scheduler: TestScheduler, providers: Record<string, Eip1193Provider> = {}): { deps: AirlockDeps; paths: string[]; aborted(): boolean[] } {
  const signals: AbortSignal[] = []
  const paths: string[] = []
  const hang = ({ path, signal }: { path: string; signal?: AbortSignal }) => {
    paths.push(path)
    if (signal) signals.push(signal)
    return new Promise<never>(() => {})
  }
  const api = { get: hang, post: hang, put: hang, delete: hang, getBlob: hang }
  const deps = { ...marbleDeps(scheduler, providers), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
  return { deps, paths, aborted: () => signals.map((s) => s.aborted) }
}
