import { filter, mergeMap, of, Subject, throwError, type Observable } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createStoreWithCheck, type CreateStoreParameters, type FindNonSerializable } from './createStoreWithCheck.js'
import type { LateReducer } from './lateFold.js'
import type { EpicFailedAction } from './types.js'

type A = { type: 'inc'; by: number } | { type: 'ping' } | { type: 'explode' }
type S = { count: number; extra: string }
type Act = A | EpicFailedAction
type D = { scheduler: never }

const reducer = (state: S, action: Act): S => {
  if (action.type === 'explode') throw new Error('reducer exploded')
  return action.type === 'inc' ? { ...state, count: state.count + action.by } : state
}
const initialState: S = { count: 0, extra: 'init' }
// The store only reads `scheduler.now()` (for `at`); nothing here schedules.
const deps: D = { scheduler: { now: () => 0 } as never }

/** A store with a dev check that counts its calls and refuses nothing unless told to. */
const make = (params: Partial<CreateStoreParameters<S, A, D>> = {}, refusal: string | null = null) => {
  const checked: unknown[] = []
  const check: FindNonSerializable = (action) => {
    checked.push(action)
    return refusal
  }
  const store = createStoreWithCheck<S, A, D>({ reducer, initialState, deps, ...params }, check)
  return { store, checked }
}
const PLAIN_OBJECTS = 'Actions must be plain objects with a string `type`'
const failures = (store: ReturnType<typeof make>['store']) =>
  store.log.entries().filter((e) => e.action.type === 'epic/failed').map((e) => e.action)

describe('createStoreWithCheck: the shape check', () => {
  // Each is refused with the same TypeError before the dev check is asked (it may assume `type`).
  test.each([
    ['null', null],
    ['a string', 'inc'],
    ['a number', 42],
    ['an object without type', {}],
    ['an object with a number type', { type: 1 }],
    // Not an object, though it has a string `type`: only the `typeof` check refuses it.
    ['a function with a string type', Object.assign(() => undefined, { type: 'inc' })],
  ])('%s is refused with the exact TypeError, the dev check never asked', (_, action) => {
    const { store, checked } = make()
    expect(() => store.dispatch(action as never)).toThrow(TypeError)
    expect(() => store.dispatch(action as never)).toThrow(new TypeError(PLAIN_OBJECTS))
    expect(checked).toEqual([])
    expect(store.log.size).toBe(0)
  })

  test('the shape check holds with devChecks off too', () => {
    const { store } = make({ devChecks: false })
    expect(() => store.dispatch({ type: 1 } as never)).toThrow(new TypeError(PLAIN_OBJECTS))
    expect(() => store.dispatch(Object.assign(() => undefined, { type: 'inc' }) as never)).toThrow(new TypeError(PLAIN_OBJECTS))
    expect(store.log.size).toBe(0)
  })
})

describe('createStoreWithCheck: the dev check', () => {
  test('on by default: its refusal is thrown as a TypeError and nothing is recorded', () => {
    const { store, checked } = make({}, 'not serializable at `x`')
    expect(() => store.dispatch({ type: 'inc', by: 1 })).toThrow(new TypeError('not serializable at `x`'))
    expect(checked).toEqual([{ type: 'inc', by: 1 }])
    expect(store.getState().count).toBe(0)
    expect(store.log.size).toBe(0)
  })

  test('devChecks: false never asks the check, so its refusal does not stop the action', () => {
    const { store, checked } = make({ devChecks: false }, 'would refuse')
    store.dispatch({ type: 'inc', by: 2 })
    expect(checked).toEqual([])
    expect(store.getState().count).toBe(2)
  })
})

describe('createStoreWithCheck: dispatch', () => {
  test('an action that leaves the state as it was does not re-emit state$', () => {
    const { store } = make()
    const seen: S[] = []
    store.state$.subscribe((s) => seen.push(s))
    store.dispatch({ type: 'ping' })
    expect(seen).toEqual([initialState])
    store.dispatch({ type: 'inc', by: 1 })
    expect(seen).toEqual([initialState, { count: 1, extra: 'init' }])
  })

  test('a reducer that throws loses no queued action: the next dispatch runs it first', () => {
    // On `ping` the epic queues `explode` (the reducer throws) and then `inc 1`.
    const queued: A[] = [{ type: 'explode' }, { type: 'inc', by: 1 }]
    const epic = (action$: Observable<Act>) => action$.pipe(filter((a) => a.type === 'ping'), mergeMap(() => of(...queued)))
    const { store } = make({ epics: { epic } })
    expect(() => store.dispatch({ type: 'ping' })).toThrow('reducer exploded')
    expect(store.getState().count).toBe(0)
    store.dispatch({ type: 'inc', by: 10 })
    expect(store.getState().count).toBe(11)
    expect(store.log.entries().map((e) => e.action)).toEqual([{ type: 'ping' }, { type: 'inc', by: 1 }, { type: 'inc', by: 10 }])
  })

  test('after destroy a dispatch is ignored without any check, even of a malformed action', () => {
    const { store, checked } = make()
    store.destroy()
    expect(() => store.dispatch(null as never)).not.toThrow()
    store.dispatch({ type: 'inc', by: 1 })
    expect(checked).toEqual([])
    expect(store.log.size).toBe(0)
  })
})

describe('createStoreWithCheck: epics', () => {
  test('an epic that throws when called fails like one whose stream errors, restarts bounded', () => {
    let calls = 0
    const broken = (): Observable<A> => {
      calls += 1
      throw new Error('no setup')
    }
    const { store } = make({ epics: { broken }, maxEpicRestarts: 1 })
    expect(calls).toBe(2)
    expect(failures(store)).toEqual([
      { type: 'epic/failed', epic: 'broken', error: { message: 'no setup' } },
      { type: 'epic/failed', epic: 'broken', error: { message: 'no setup' }, stopped: true },
    ])
  })

  // Only an Error's message or a thrown string is passed on; anything else has no safe text.
  test.each([
    ['an Error', new Error('kaput'), 'kaput'],
    ['a string', 'plain text', 'plain text'],
    ['a number', 42, 'Unknown error'],
    ['an object with a message', { message: 'not an Error' }, 'Unknown error'],
    ['undefined', undefined, 'Unknown error'],
  ])('an epic erroring with %s is reported as %j', (_, error, message) => {
    const failing = () => throwError(() => error)
    const { store } = make({ epics: { failing }, maxEpicRestarts: 0 })
    expect(failures(store)).toEqual([{ type: 'epic/failed', epic: 'failing', error: { message }, stopped: true }])
  })

  test('an epic is not restarted when its epic/failed destroys the store', () => {
    const source = new Subject<A>()
    let calls = 0
    const epic = () => {
      calls += 1
      return source
    }
    const { store } = make({ epics: { epic } })
    store.action$.subscribe((a) => {
      if (a.type === 'epic/failed') store.destroy()
    })
    source.error(new Error('gone'))
    expect(store.destroyed).toBe(true)
    expect(calls).toBe(1)
    expect(failures(store)).toEqual([{ type: 'epic/failed', epic: 'epic', error: { message: 'gone' } }])
  })
})

describe('createStoreWithCheck: destroy', () => {
  test('a destroy from inside destroy changes nothing: action$ completes before state$', () => {
    const { store } = make()
    const order: string[] = []
    store.action$.subscribe({
      complete: () => {
        order.push('action$ 1')
        store.destroy()
      },
    })
    store.action$.subscribe({ complete: () => order.push('action$ 2') })
    store.state$.subscribe({ complete: () => order.push('state$') })
    store.destroy()
    expect(order).toEqual(['action$ 1', 'action$ 2', 'state$'])
  })

  test('a late reducer arriving after destroy is not folded in', async () => {
    let arrive!: (r: (state: S, action: Act) => S) => void
    const late: LateReducer<S, Act> = {
      keys: ['extra'],
      load: () => new Promise((resolve) => (arrive = resolve)),
    }
    const { store } = make({ late })
    store.dispatch({ type: 'inc', by: 1 })
    store.destroy()
    arrive((state) => ({ ...state, extra: 'late' }))
    await store.lateReady
    expect(store.getState()).toEqual({ count: 1, extra: 'init' })
  })
})
