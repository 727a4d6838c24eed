import { auditTime, catchError, concatMap, defer, distinctUntilChanged, EMPTY, ignoreElements, map, of, startWith, switchMap, tap } from 'rxjs'
import type { Action, PersistedValues } from '../core/actions/types.js'
import { ofType } from '../core/store/ofType.js'
import { STORAGE_WRITE_BATCH_MS } from '../core/constants/timing.js'
import type { AirlockDeps } from '../core/deps.js'
import { toErrorInfo } from '../core/errors/BaseError.js'
import type { AirlockState } from '../core/state.js'
import type { Epic } from '../core/store/types.js'
import { PERSISTED_NAMES } from './keys.js'
import { jsonEqual } from './jsonEqual.js'
import { selectPersisted } from './selectPersisted.js'
import { RETURNING_KEY } from '../core/environment.js'

type Changes = Partial<Record<keyof PersistedValues, unknown>>

/**
 * Writes what must survive a reload. It waits for `storage/hydrated` (so the
 * empty initial state never overwrites stored data), batches state changes
 * over STORAGE_WRITE_BATCH_MS and saves only the keys that differ from the
 * last successful write. A failed write becomes `storage/writeFailed`; those
 * keys still differ, so the next change retries them.
 * @example createStore({ reducer, deps, initialState, epics: { persistence: persistenceEpic } })
 */
export const persistenceEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('storage/hydrated'),
    // A second hydration (a remount) starts over from what it read.
    switchMap((hydrated) => {
      // What storage holds now: the values just read.
      let written: Changes = { ...hydrated.values }
      return state$.pipe(
        // The reducer already ran: state$ may not replay, so start from the current value.
        startWith(state$.value),
        // What is stored depends on these two slices only: skip the projection for every other change.
        distinctUntilChanged((a, b) => a.connection === b.connection && a.options === b.options),
        map(selectPersisted),
        distinctUntilChanged<PersistedValues>(jsonEqual),
        // The synchronous hint follows at once (no batching): a reload right after connecting already finds it.
        tap((next) => writeReturningHint(deps.window, Object.values(next.connectionStatus ?? {}).includes('connected'))),
        auditTime(STORAGE_WRITE_BATCH_MS, deps.scheduler),
        // concatMap keeps writes in order; the diff is taken when the write starts, against the last success.
        concatMap((next) =>
          defer(() => {
            const changed = diff(written, next)
            const keys = Object.keys(changed)
            if (keys.length === 0) return EMPTY
            return defer(() => deps.storage.save(changed)).pipe(
              // On complete, not next: success is the promise settling, whatever it resolves with.
              tap({ complete: () => (written = { ...written, ...changed }) }),
              ignoreElements(),
              catchError((error: unknown) => of<Action>({ type: 'storage/writeFailed', error: toErrorInfo(error), keys })),
            )
          }),
        ),
      )
    }),
  )

function diff(before: Changes, after: PersistedValues): Changes {
  const changed: Changes = {}
  for (const name of PERSISTED_NAMES) {
    if (!jsonEqual(before[name], after[name])) changed[name] = after[name]
  }
  return changed
}

/**
 * Keeps the synchronous returning-visitor hint (core/environment.ts) in step with what is stored:
 * '1' while some wallet is stored as connected, absent otherwise. Best effort: storage that
 * refuses (private mode, quota) only loses the hint, never the write of the real values.
 */
export function writeReturningHint(win: AirlockDeps['window'], connected: boolean): void {
  try {
    // Stryker disable next-line OptionalChaining: equivalent, without a window or localStorage the call throws a TypeError that the catch below turns into the same no-op
    if (connected) win?.localStorage?.setItem(RETURNING_KEY, '1')
    // Stryker disable next-line OptionalChaining: equivalent, as above
    else win?.localStorage?.removeItem(RETURNING_KEY)
  } catch {
    // No hint: the next load shows "Connect Wallet" until storage is read, as before.
  }
}
