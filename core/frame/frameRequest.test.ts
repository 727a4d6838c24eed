import { type Observable, Subject } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import { appMessage } from './builders.js'
import { FRAME_ERRORS } from './frameErrors.js'
import { type FrameReply, frameRequest } from './frameRequest.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

const deps = { id: () => 'id1' }
const email = appMessage('CONNECT_EMAIL', { email: 'ada@example.com' })
const sent: Action = { type: 'frame/requestSent', id: 'id1', name: 'CONNECT_EMAIL', message: { ...email, id: 'id1' }, timeoutMs: 30_000 }
const succeeded: Action = { type: 'frame/requestSucceeded', id: 'id1', name: 'CONNECT_EMAIL', payload: { action: 'VERIFY_OTP' } }
const closed: Action = { type: 'modal/closeRequested' }
const shaken: Action = { type: 'modal/shakeRequested' }

describe('frameRequest', () => {
  test('default: sends the request with its id and SPEC 9 timeout, then emits what onReply makes of that id\'s reply (other ids are not its reply)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const other: Action = { ...succeeded, id: 'id2' }
      const replies: FrameReply<'CONNECT_EMAIL'>[] = []
      const action$ = hot<Action>('-or', { o: other, r: succeeded })
      const out$ = frameRequest(action$, deps, email, (reply) => {
        replies.push(reply)
        return closed
      })
      expectObservable(out$).toBe('s-(c|)', { s: sent, c: closed })
      scheduler.schedule(() => expect(replies).toEqual([{ ok: true, id: 'id1', payload: { action: 'VERIFY_OTP' } }]), 5)
    })
  })

  test('behavior: a failed request reaches onReply with its error and reason', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const failed: Action = { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' }
      const replies: FrameReply<'CONNECT_EMAIL'>[] = []
      const onReply = (reply: FrameReply<'CONNECT_EMAIL'>): Action[] => {
        replies.push(reply)
        return []
      }
      const out$ = frameRequest(hot<Action>('-f', { f: failed }), deps, email, onReply, { id: 'k1', timeoutMs: 5_000 })
      expectObservable(out$).toBe('s|', { s: { ...sent, id: 'k1', message: { ...email, id: 'k1' }, timeoutMs: 5_000 } })
      scheduler.schedule(() => expect(replies).toEqual([{ ok: false, id: 'k1', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' }]), 5)
    })
  })

  // What onReply may return: one action, or an array, observable or iterable of them. Each
  // becomes those actions in order, never the container itself as one "action".
  test.each<[string, (cold: TestScheduler['createColdObservable']) => Action | Action[] | Iterable<Action> | Observable<Action>, string]>([
    ['one action', () => closed, 's-(c|)'],
    ['an array of actions', () => [closed, shaken], 's-(ch|)'],
    ['no action (an empty array)', () => [], 's-|'],
    ['an iterable of actions (not an array)', () => new Set([closed, shaken]), 's-(ch|)'],
    ['an observable of actions, with its own timing', (cold) => cold('-c-h|', { c: closed, h: shaken }), 's--c-h|'],
  ])('behavior: onReply returning %s', (_name, make, expected) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const out$ = frameRequest(hot<Action>('--r', { r: succeeded }), deps, email, () => make(cold))
      expectObservable(out$).toBe(expected, { s: sent, c: closed, h: shaken })
    })
  })

  test('behavior: onReply returning a promise (an async mapper) emits the action it resolves to', async () => {
    const action$ = new Subject<Action>()
    const out: Action[] = []
    const done = new Promise<void>((resolve, reject) =>
      frameRequest(action$, deps, email, async () => closed).subscribe({ next: (a) => out.push(a), error: reject, complete: resolve }),
    )
    action$.next(succeeded)
    await done
    expect(out).toEqual([sent, closed])
  })
})
