import { describe, expect, test } from 'vitest'
import { FRAME_REQUEST_NAMES, type FrameRequestName } from './protocol.js'
import { frameRequestTimeout } from './requestTimeout.js'

/**
 * How long each frame request may wait, by name, written out here rather than read from
 * core/constants/timing.ts: a wrong constant there must fail this test, not follow it.
 * SPEC 9: 30 s for connect email, device, otp, social and the social redirect; 3 s for sign out;
 * 20 s (the frame load timeout) for the rest, except the syncs it exempts. Our choices where SPEC 9
 * names none: 60 s for the syncs, 5 min for the Farcaster login (it waits on a person scanning).
 */
const EXPECTED: Record<FrameRequestName, number> = {
  CONNECT_EMAIL: 30_000,
  CONNECT_DEVICE: 30_000,
  CONNECT_OTP: 30_000,
  CONNECT_SOCIAL: 30_000,
  GET_SOCIAL_REDIRECT_URI: 30_000,
  SIGN_OUT: 3_000,
  SYNC_THEME: 60_000,
  SYNC_DAPP_DATA: 60_000,
  SET_PREFERRED_ACCOUNT: 60_000,
  CONNECT_FARCASTER: 300_000,
  SWITCH_NETWORK: 20_000,
  GET_FARCASTER_URI: 20_000,
  GET_USER: 20_000,
  IS_CONNECTED: 20_000,
  GET_CHAIN_ID: 20_000,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: 20_000,
  INIT_SMART_ACCOUNT: 20_000,
  RPC_REQUEST: 20_000,
  RPC_ABORT: 20_000,
  UPDATE_EMAIL: 20_000,
  UPDATE_EMAIL_PRIMARY_OTP: 20_000,
  UPDATE_EMAIL_SECONDARY_OTP: 20_000,
  RELOAD: 20_000,
}

describe('frameRequestTimeout', () => {
  test('behavior: the table above names every request of the protocol, so a new request needs a decided timeout', () => {
    // The names come from the protocol's own schema; a new one missing here fails (tsc fails too).
    expect(Object.keys(EXPECTED).sort()).toEqual([...FRAME_REQUEST_NAMES].sort())
  })

  test.each(FRAME_REQUEST_NAMES.map((name) => [name, EXPECTED[name]] as const))('behavior: %s waits %d ms for its reply', (name, ms) => {
    expect(frameRequestTimeout(name)).toBe(ms)
  })
})
