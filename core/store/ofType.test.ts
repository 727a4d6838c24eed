import { Observable, Subject, type OperatorFunction } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createActionRouter } from './actionRouter.js'
import { ofType } from './ofType.js'
import type { AnyAction } from './types.js'

/** `ofType` for this file's own action type. */
const only = (...types: string[]) => ofType(...(types as never[])) as unknown as OperatorFunction<AnyAction, AnyAction>

describe('ofType', () => {
  test('behavior: on the store router, an ignored action is never looked at, however many ofType subscribers there are', () => {
    // ARCHITECTURE: a dispatch's cost must not grow with the number of epics. An action whose
    // `type` counts its reads shows whether any ofType subscriber was handed it.
    const readsOfType = (subscribers: number): number => {
      const router = createActionRouter<AnyAction>()
      for (let i = 0; i < subscribers; i++) router.actions.pipe(only('wanted')).subscribe()
      let reads = 0
      router.emit({ get type() { reads++; return 'ignored' } })
      return reads
    }
    expect(readsOfType(20)).toBe(readsOfType(0))
  })

  test('behavior: on any other stream it filters and passes the error on', () => {
    const source = new Subject<AnyAction>()
    const events: string[] = []
    source.pipe(only('a', 'b')).subscribe({ next: (a) => events.push(a.type), error: (e: Error) => events.push(`error:${e.message}`) })
    source.next({ type: 'a' })
    source.next({ type: 'c' })
    source.next({ type: 'b' })
    source.error(new Error('boom'))
    expect(events).toEqual(['a', 'b', 'error:boom'])
  })

  test('behavior: on any other stream it passes completion on', () => {
    const events: string[] = []
    new Observable<AnyAction>((s) => s.complete()).pipe(only('a')).subscribe({ complete: () => events.push('done') })
    expect(events).toEqual(['done'])
  })
})
