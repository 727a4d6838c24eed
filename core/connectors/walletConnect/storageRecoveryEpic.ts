import { from, mergeMap } from 'rxjs'
import type { Action, Notification } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { SessionHolder } from './createSessionHolder.js'
import type { StorageRecoveryReason } from './universalProvider.js'

/**
 * Our wording, in the style of SPEC 8: a short title naming the cause, then what to do, each on
 * one line of the toast. The pairing view says more while the SDK runs in memory.
 */
export const STORAGE_RECOVERY_NOTICES: Record<StorageRecoveryReason, Pick<Notification, 'message' | 'description'>> = {
  reset: { message: 'WalletConnect data was damaged', description: 'It was reset. Scan a new QR code.' },
  full: { message: 'Browser storage is full', description: 'A reload will need a new QR scan.' },
  unavailable: { message: 'Browser storage unavailable', description: 'A reload will need a new QR scan.' },
}

/**
 * Says what the SDK's storage guard did (issue 21, faults 6e and 6g): `walletConnect/storageRecovered`
 * for the log, and a notification naming the cause, instead of a raw SDK error or a wrong
 * "Check your connection".
 * @example createStore({ …, epics: { storageRecovery: storageRecoveryEpic(holder) } })
 */
export const storageRecoveryEpic =
  (holder: SessionHolder): Epic<Action, AirlockState, AirlockDeps> =>
  (_action$, _state$, deps) =>
    holder.storageRecovered$.pipe(
      mergeMap((reason) =>
        from<Action[]>([
          { type: 'walletConnect/storageRecovered', reason },
          { type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'info', ...STORAGE_RECOVERY_NOTICES[reason] } },
        ]),
      ),
    )
