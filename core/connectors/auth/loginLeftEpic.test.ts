import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState } from '../../../tests/support/state.js'
import { loginLeftEpic } from './loginLeftEpic.js'

const CAIP = 'eip155:31337:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const
const v: Record<string, Action> = {
  o: { type: 'modal/openRequested', view: 'Connect' },
  e: { type: 'auth/emailLoginRequested', email: 'ada@example.com' },
  d: { type: 'auth/emailCodeSent', next: 'VERIFY_DEVICE' },
  D: { type: 'router/pushRequested', view: 'EmailVerifyDevice' },
  n: { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' },
  O: { type: 'router/pushRequested', view: 'EmailVerifyOtp' },
  R: { type: 'router/replaceRequested', view: 'EmailVerifyOtp' },
  b: { type: 'router/backRequested' },
  x: { type: 'modal/closeRequested' },
  s: { type: 'auth/socialLoginRequested', provider: 'github' },
  S: { type: 'router/pushRequested', view: 'ConnectingSocial' },
  u: { type: 'auth/userLoaded', userName: 'ada', accountType: 'eoa', smartAccountDeployed: false, social: 'github' },
  c: { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] },
  k: { type: 'auth/loginCancelled' },
}

function expectEpic(input: string, expected: string) {
  const scheduler = new TestScheduler((actual, wanted) => expect(actual).toEqual(wanted))
  scheduler.run(({ hot, expectObservable }) => {
    const { out$ } = runEpic(scheduler, loginLeftEpic, hot<Action>(input, v), initialState({ networks: [airlockDevnet] }), marbleDeps(scheduler))
    expectObservable(out$).toBe(expected, v)
  })
}

describe('loginLeftEpic', () => {
  test('default: Back from device verification cancels the login (its CONNECT_DEVICE stops waiting)', () => {
    expectEpic('oedD-b', '-----k')
  })

  test('behavior: closing the modal at the code step cancels; the device step replaced by the code step does not', () => {
    expectEpic('oedD-nR-x', '--------k')
  })

  test('behavior: a finished login is never cancelled, whatever the modal does next', () => {
    // The code step succeeds: the user is loaded (step idle), the modal closes and opens on Account.
    expectEpic('oenO-u-x-c-o', '------------')
  })

  test('behavior: Back from a social login that is still waiting cancels it; after it connected it does not', () => {
    expectEpic('osS-b', '----k')
    expectEpic('osS-u-c-b', '---------')
  })

  test('behavior: empty and never sources emit nothing', () => {
    expectEpic('', '')
    expectEpic('-', '-')
  })
})
