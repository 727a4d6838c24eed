import { ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState } from '../../../tests/support/state.js'
import { farcasterEpic } from './farcasterEpic.js'
import { authTestDeps } from '../../../tests/support/authTestDeps.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const URL_ = 'https://secure.example/farcaster?channel=abc'

function run(input: string, values: Record<string, Action>) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const { deps, writes } = authTestDeps(scheduler)
  const seen: { frame: number; action: Action }[] = []
  let final = initialState({ networks: [airlockDevnet] })
  scheduler.run(({ hot }) => {
    const kept: typeof farcasterEpic = (a$, s$, d) => merge(farcasterEpic(a$, s$, d), a$.pipe(ignoreElements()))
    const harness = runEpic(scheduler, kept, hot<Action>(input, values), final, deps)
    harness.out$.subscribe((action) => seen.push({ frame: scheduler.now(), action }))
    scheduler.schedule(() => (final = harness.state()), 2_000_000)
  })
  return { seen, writes, deps, final: () => final }
}

const ok = (id: string, name: string, payload?: unknown): Action => ({ type: 'frame/requestSucceeded', id, name: name as never, ...(payload === undefined ? {} : { payload }) })
const sent = (seen: { action: Action }[]) => seen.flatMap(({ action }) => (action.type === 'frame/requestSent' ? [{ name: action.name, timeoutMs: action.timeoutMs }] : []))

describe('farcasterEpic', () => {
  test('default: GET_FARCASTER_URI → the url for the QR → CONNECT_FARCASTER (no time limit, it waits on a person) → GET_USER → connected', () => {
    const { seen, writes, deps, final } = run('f 9ms u 1000s c 9ms g', {
      f: { type: 'auth/farcasterLoginRequested' },
      u: ok('id1', 'GET_FARCASTER_URI', { url: URL_ }),
      c: ok('id2', 'CONNECT_FARCASTER', { userName: 'dev-caster' }),
      g: ok('id3', 'GET_USER', { address: ADDRESS, chainId: 31337, userName: 'dev-caster' }),
    })
    expect(sent(seen)).toEqual([
      { name: 'GET_FARCASTER_URI', timeoutMs: 20_000 },
      { name: 'CONNECT_FARCASTER', timeoutMs: 300_000 },
      { name: 'GET_USER', timeoutMs: 20_000 },
    ])
    // The channel URL travels by reference; the box holds it for the QR view.
    expect(seen.map((s) => s.action)).toContainEqual({ type: 'auth/farcasterUrlReceived', urlRef: 'secret:s1' })
    expect(deps.secrets.get('secret:s1')).toBe(URL_)
    expect(JSON.stringify(seen)).not.toContain(URL_.split('?')[1])
    expect(final().auth).toMatchObject({ social: 'farcaster', userName: 'dev-caster', farcasterUrlRef: null })
    expect(final().connection.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'auth', caipAddress: `eip155:31337:${ADDRESS}` })
    expect(writes).toMatchObject({ walletEmailLoginUsed: true, walletSocialUsername: 'dev-caster' })
  })

  test('behavior: closing the modal stops waiting for the approval; a late approval changes nothing', () => {
    const { seen, final } = run('f 9ms u 9ms x 9ms c', {
      f: { type: 'auth/farcasterLoginRequested' },
      u: ok('id1', 'GET_FARCASTER_URI', { url: URL_ }),
      x: { type: 'modal/closeRequested' },
      c: ok('id2', 'CONNECT_FARCASTER', { userName: 'late' }),
    })
    expect(sent(seen).map((s) => s.name)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])
    // The frame is told too, so nothing stays open there.
    expect(seen).toContainEqual({ frame: 20, action: { type: 'frame/abortRequested', id: 'id2' } })
    expect(final().connection.namespaces.eip155?.status ?? 'disconnected').not.toBe('connected')
    expect(final().auth).toMatchObject({ userName: null, error: null })
  })

  test('behavior: Try again ends the previous wait for the frame and starts a new one', () => {
    const { seen } = run('f 9ms u 9ms f', {
      f: { type: 'auth/farcasterLoginRequested' },
      u: ok('id1', 'GET_FARCASTER_URI', { url: URL_ }),
    })
    expect(seen.map((s) => s.action.type === 'frame/requestSent' ? `sent ${s.action.name} ${s.action.id}` : s.action.type)).toEqual([
      'sent GET_FARCASTER_URI id1',
      'auth/farcasterUrlReceived',
      'sent CONNECT_FARCASTER id2',
      'frame/abortRequested',
      'sent GET_FARCASTER_URI id3',
    ])
    expect(seen[3]!.action).toEqual({ type: 'frame/abortRequested', id: 'id2' })
  })

  test('behavior: a failed uri request shows the frame message and raises no request for the approval', () => {
    const { seen, final } = run('f 9ms e', {
      f: { type: 'auth/farcasterLoginRequested' },
      e: { type: 'frame/requestFailed', id: 'id1', name: 'GET_FARCASTER_URI', error: { message: 'Farcaster is unavailable' }, reason: 'error' },
    })
    expect(sent(seen).map((s) => s.name)).toEqual(['GET_FARCASTER_URI'])
    expect(final().auth.error).toEqual({ message: 'Farcaster is unavailable' })
  })
})
