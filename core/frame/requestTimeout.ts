import { FRAME_LOAD_TIMEOUT_MS, FRAME_REQUEST_TIMEOUT_MS, SIGN_OUT_WAIT_MS } from '../constants/timing.js'
import type { FrameRequestName } from './protocol.js'

/**
 * How long each request waits for its reply (SPEC 9), null for no limit:
 * - connect email, device, otp, social and the social redirect: 30 s;
 * - sign out: 3 s (the cache is wiped first; the frame gets what is left);
 * - theme, dapp data and preferred-account syncs: no limit (SPEC 9 exempts them; nobody waits);
 * - rpc requests and connect farcaster: no limit, our choice: they wait on the person (signing,
 *   scanning a code), and end by their reply, an abort (modal closed) or a failed frame load;
 * - everything else: 20 s, the frame load timeout.
 */
export function frameRequestTimeout(name: FrameRequestName): number | null {
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
    case 'RPC_REQUEST':
    case 'CONNECT_FARCASTER':
      return null
    default:
      return FRAME_LOAD_TIMEOUT_MS
  }
}
