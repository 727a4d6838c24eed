import { ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { accountTypeEpic } from './accountTypeEpic.js'
import { authSession } from './authSession.js'
import { updateEmailEpic } from './updateEmailEpic.js'
import { authTestDeps } from '../../../tests/support/authTestDeps.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SMART = '0x000000000000000000000000000000000000dEaD'
const CAIP = `eip155:31337:${ADDRESS}` as const

function run(epic: Epic<Action, AirlockState, AirlockDeps>, input: string, values: Record<string, Action>) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const { deps, writes } = authTestDeps(scheduler)
  const state = reduce(initialState({ networks: [airlockDevnet] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] })
  const seen: Action[] = []
  let final = state
  scheduler.run(({ hot }) => {
    // Keep action$ subscribed so every action is reduced, as in the store.
    const kept: typeof epic = (a$, s$, d) => merge(epic(a$, s$, d), a$.pipe(ignoreElements()))
    const harness = runEpic(scheduler, kept, hot<Action>(input, values), state, deps)
    harness.out$.subscribe((a) => seen.push(a))
    scheduler.schedule(() => (final = harness.state()), 100)
  })
  return { seen, writes, final: () => final, deps }
}

const ok = (id: string, name: string, payload?: unknown): Action => ({ type: 'frame/requestSucceeded', id, name: name as never, ...(payload === undefined ? {} : { payload }) })
const names = (seen: Action[]) => seen.flatMap((a) => (a.type === 'frame/requestSent' ? [a.name] : []))

describe('updateEmailEpic', () => {
  test('default: UPDATE_EMAIL → primary code → secondary code → the new email is stored (never in state)', () => {
    const { seen, writes, final, deps } = run(updateEmailEpic, 'r 9ms a 9ms p 9ms b 9ms s 9ms c', {
      r: { type: 'auth/updateEmailRequested', email: 'new@example.com' },
      a: ok('id1', 'UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' }),
      p: { type: 'auth/updateEmailOtpSubmitted', otp: '111111' },
      b: ok('id2', 'UPDATE_EMAIL_PRIMARY_OTP'),
      s: { type: 'auth/updateEmailOtpSubmitted', otp: '222222' },
      c: ok('id3', 'UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'new@example.com' }),
    })
    expect(names(seen)).toEqual(['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'])
    expect(final().auth.updateEmail).toBe('done')
    expect(writes).toEqual({ walletEmail: 'new@example.com' })
    expect(authSession(deps.providers).email).toBe('new@example.com')
    expect(JSON.stringify(final())).not.toContain('new@example.com')
  })

  test('behavior: a wrong code shows the error and the same code step can be retried', () => {
    const { seen, final } = run(updateEmailEpic, 'r 9ms a 9ms p 9ms f 9ms q', {
      r: { type: 'auth/updateEmailRequested', email: 'new@example.com' },
      a: ok('id1', 'UPDATE_EMAIL', { action: 'VERIFY_PRIMARY_OTP' }),
      p: { type: 'auth/updateEmailOtpSubmitted', otp: '000000' },
      f: { type: 'frame/requestFailed', id: 'id2', name: 'UPDATE_EMAIL_PRIMARY_OTP', error: { message: 'Invalid code' }, reason: 'error' },
      q: { type: 'auth/updateEmailOtpSubmitted', otp: '111111' },
    })
    expect(names(seen)).toEqual(['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_PRIMARY_OTP'])
    expect(seen).toContainEqual({ type: 'auth/updateEmailFailed', error: { message: 'Invalid code' } })
    // Still on the first code (the retry is verifying it), never back to the address form.
    expect(final().auth).toMatchObject({ updateEmail: 'verifyingPrimary', updateEmailError: null })
  })
})

describe('accountTypeEpic', () => {
  test('default: SET_PREFERRED_ACCOUNT moves the account to the address the frame answers with', () => {
    const { final, writes } = run(accountTypeEpic, 'r 9ms a', {
      r: { type: 'auth/accountTypeRequested', accountType: 'smartAccount' },
      a: ok('id1', 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount', address: SMART }),
    })
    expect(final().auth.accountType).toBe('smartAccount')
    expect(final().connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${SMART}`)
    expect(final().connection.namespaces.eip155?.accounts).toEqual([`eip155:31337:${SMART}`, CAIP])
    expect(writes).toEqual({ preferredAccountTypes: { eip155: 'smartAccount' } })
  })

  test('behavior: a failure falls back to EOA and keeps the account', () => {
    const { final } = run(accountTypeEpic, 'r 9ms f', {
      r: { type: 'auth/accountTypeRequested', accountType: 'smartAccount' },
      f: { type: 'frame/requestFailed', id: 'id1', name: 'SET_PREFERRED_ACCOUNT', error: { message: 'not available' }, reason: 'error' },
    })
    expect(final().auth.accountType).toBe('eoa')
    expect(final().connection.namespaces.eip155?.caipAddress).toBe(CAIP)
  })

  test('behavior: after a login the smart-account networks are fetched and kept', () => {
    const { final } = run(accountTypeEpic, 'l 9ms n', {
      l: { type: 'auth/userLoaded', userName: null, accountType: 'eoa', smartAccountDeployed: false, social: null },
      n: ok('id1', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [1, 8453] }),
    })
    expect(final().auth.smartAccountNetworks).toEqual([1, 8453])
  })
})
