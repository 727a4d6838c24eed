import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { accountTypeEpic } from './accountTypeEpic.js'
import { authProviderEpic } from './authProviderEpic.js'
import { cooldownEpic } from './cooldownEpic.js'
import { emailLoginEpic } from './emailLoginEpic.js'
import { farcasterEpic } from './farcasterEpic.js'
import type { AuthEpicName } from './lazyAuthEpics.js'
import { loginLeftEpic } from './loginLeftEpic.js'
import { notAllowedEpic } from './notAllowedEpic.js'
import { sessionCheckEpic } from './sessionCheckEpic.js'
import { signOutEpic } from './signOutEpic.js'
import { socialLoginEpic } from './socialLoginEpic.js'
import { authNamespaceEpic, switchNetworkEpic } from './switchNetworkEpic.js'
import { syncFrameEpic } from './syncFrameEpic.js'
import { updateEmailEpic } from './updateEmailEpic.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The auth connector's epics (email and social login through the secure frame, SPEC 4).
 * `createAirlock` loads them lazily (`lazyAuthEpics`).
 * @example createStore({ …, epics: { ...authEpics } })
 */
export const authEpics: Readonly<Record<AuthEpicName, Epic<Action, AirlockState, AirlockDeps>>> = {
  authProvider: authProviderEpic,
  authEmailLogin: emailLoginEpic(),
  authCooldown: cooldownEpic(),
  authNotAllowed: notAllowedEpic(),
  authSessionCheck: sessionCheckEpic,
  authSignOut: signOutEpic(),
  authSocial: socialLoginEpic(),
  authFarcaster: farcasterEpic,
  authUpdateEmail: updateEmailEpic,
  authAccountType: accountTypeEpic,
  authLoginLeft: loginLeftEpic,
  authSwitchNetwork: switchNetworkEpic,
  authNamespace: authNamespaceEpic,
  authSyncFrame: syncFrameEpic,
}
