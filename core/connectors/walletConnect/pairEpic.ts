import { catchError, filter, from, Observable, of, switchMap, takeUntil, timeout } from 'rxjs'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { walletErrorCodes, walletErrorInfo } from '../../chains/evm/walletErrorInfo.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, WALLET_CONNECT_URI_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { CONNECTION_DECLINED, PAIRING_FAILED } from './constants.js'
import type { SessionHolder } from './createSessionHolder.js'
import { proposalNamespaces } from './namespaces.js'
import { parseSession } from './parseSession.js'
import { settledActions } from './sessionActions.js'

/** WalletConnect's "user rejected" codes (5000-5002) and EIP-1193's 4001. */
const DECLINED_CODES: readonly (number | string)[] = [4001, 5000, 5001, 5002]
/** A pairing URI as WalletConnect v2 writes it; anything else is not shown or linked. */
const PAIRING_URI = /^wc:[0-9a-f]{64}@2\?[-\w.~%&=]{1,1000}$/

const CANCELS = ['walletConnect/pairingCancelled', 'modal/closeRequested', 'router/backRequested', 'router/resetRequested', 'connection/disconnectRequested'] as const

/**
 * Pairs with a wallet: on `walletConnect/connectRequested` the pairing made ahead when the modal
 * opened (prewarmEpic) or a new one, and on `pairingExpired` (without the person doing anything)
 * a new one, gives the URI (`walletConnect/uriReceived`, expiring 4 minutes after it was made,
 * SPEC 4), then waits for the wallet to settle the session, which
 * becomes `connection/accountConnected` per namespace. A newer request replaces the old one;
 * leaving the view drops it. No URI in time, a declined proposal or an SDK error: `connectFailed`.
 * @example store.dispatch({ type: 'walletConnect/connectRequested' })
 */
export const pairEpic =
  (holder: SessionHolder, uriTimeoutMs = WALLET_CONNECT_URI_TIMEOUT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('walletConnect/connectRequested', 'walletConnect/pairingExpired'),
      filter((action) => action.type === 'walletConnect/connectRequested' || state$.value.walletConnect.status === 'pairing'),
      switchMap((action) =>
        pairing(holder, state$, deps, action.type === 'walletConnect/pairingExpired').pipe(
          timeout({ first: uriTimeoutMs, scheduler: deps.scheduler, with: () => { throw new BaseError(PAIRING_FAILED) } }),
          catchError((error: unknown) => of<Action>({ type: 'walletConnect/connectFailed', error: connectErrorInfo(error) })),
          takeUntil(action$.pipe(ofType(...CANCELS))),
        ),
      ),
    )

function pairing(holder: SessionHolder, state$: StateObservable<AirlockState>, deps: AirlockDeps, fresh: boolean): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    let closed = false
    // The pairing made when the modal opened (prewarmEpic) shows at once; an expired one is replaced.
    const made = holder.pairing({ namespaces: proposalNamespaces(state$.value.options.networks), now: deps.scheduler.now(), usableMs: PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS, fresh })
    made.uri.then((uri) => {
      if (closed || typeof uri !== 'string' || !PAIRING_URI.test(uri)) return
      subscriber.next({ type: 'walletConnect/uriReceived', uriRef: deps.secrets.put(uri), expiresAt: made.createdAt + PAIRING_LIFETIME_MS })
    })
    made.settled
      .then((instance) => {
        if (closed) return
        const session = parseSession(instance.session)
        if (!session) throw new BaseError('The wallet answered with a malformed session')
        const actions = settledActions(state$.value, session, { restored: false })
        pointAtActiveChain(instance, actions)
        from(actions).subscribe(subscriber)
      })
      // After the view was left the subscriber is closed and ignores it.
      .catch((error: unknown) => subscriber.error(error))
    return () => {
      closed = true
    }
  })
}

/** Requests through `getProvider()` then go to the chain the app shows, not the wallet's first. */
export function pointAtActiveChain(provider: { setDefaultChain(chain: string): void }, actions: readonly Action[]): void {
  const chain = actions.find((a): a is Extract<Action, { type: 'network/chainChanged' }> => a.type === 'network/chainChanged')?.caipNetworkId
  if (chain === undefined) return
  try {
    provider.setDefaultChain(chain)
  } catch {
    // The wallet did not approve that chain: the SDK keeps its own default.
  }
}

/** SPEC wording for a failed pairing: a declined proposal reads as a rejection, never retried. */
export function connectErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof BaseError) return error.toJSON()
  const codes = walletErrorCodes(error)
  const declined = codes.find((code) => DECLINED_CODES.includes(code))
  if (declined !== undefined) return { message: CONNECTION_DECLINED, code: declined }
  return walletErrorInfo(error, PAIRING_FAILED)
}
