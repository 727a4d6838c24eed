import { FRAME_APPROVAL_TIMEOUT_MS, FRAME_LOAD_TIMEOUT_MS, FRAME_REQUEST_TIMEOUT_MS, FRAME_SYNC_TIMEOUT_MS, SIGN_OUT_WAIT_MS } from '../constants/timing.js'
import type { FrameRequestName } from './protocol.js'

/**
 * How long each request waits for its reply (SPEC 9). Every request has an end:
 * - connect email, device, otp, social and the social redirect: 30 s;
 * - sign out: 3 s (the cache is wiped first; the frame gets what is left);
 * - theme, dapp data and preferred-account syncs: SPEC 9 exempts them from the 20 s, and nobody
 *   waits on them, but a silent frame must not keep them pending for good: `FRAME_SYNC_TIMEOUT_MS`;
 * - connect farcaster: it waits on the person scanning a code, so the long `FRAME_APPROVAL_TIMEOUT_MS`
 *   (5 min); it also ends by its reply, an abort (login left) or a failed frame load;
 * - rpc requests: 20 s, the frame load timeout, for reads; the auth connector gives the ones that
 *   wait for the person's approval inside the frame `FRAME_APPROVAL_TIMEOUT_MS` (5 min);
 * - everything else: 20 s, the frame load timeout.
 */
export function frameRequestTimeout(name: FrameRequestName): number {
  switch (name) {
    case 'CONNECT_EMAIL':
    case 'CONNECT_DEVICE':
    case 'CONNECT_OTP':
    case 'CONNECT_SOCIAL':
    case 'GET_SOCIAL_REDIRECT_URI':
      return FRAME_REQUEST_TIMEOUT_MS
    case 'SIGN_OUT':
      return SIGN_OUT_WAIT_MS
    case 'SYNC_THEME':
    case 'SYNC_DAPP_DATA':
    case 'SET_PREFERRED_ACCOUNT':
      return FRAME_SYNC_TIMEOUT_MS
    case 'CONNECT_FARCASTER':
      return FRAME_APPROVAL_TIMEOUT_MS
    default:
      return FRAME_LOAD_TIMEOUT_MS
  }
}
