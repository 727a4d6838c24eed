import { concat, defer, EMPTY, filter, finalize, interval, map, merge, mergeMap, Observable, of, switchMap, take, takeUntil } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { RedirectSocialProvider } from '../../actions/auth.js'
import { SOCIAL_POPUP_POLL_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { authSession, type PopupLike } from './authSession.js'
import { readAuthItem, writeAuthItems } from './authStorage.js'
import { loginFailedActions } from './failureActions.js'
import { checkSocialLogin, startedSocialLogin } from './socialLoginMarker.js'
import { userActions } from './userActions.js'

/** The page-URL parameter a Telegram mini-app login comes back with (SPEC 2). */
export const TELEGRAM_RESULT_PARAM = 'airlock_social_result'
/** What the provider's return page posts to the page that opened it: `{ type, resultUri }`. */
export const SOCIAL_RESULT_MESSAGE = '@airlock-oauth/RESULT'
export const POPUP_CLOSED_MESSAGE = 'The login window was closed'
export const POPUP_BLOCKED_MESSAGE = 'The login window could not open. Allow pop-ups for this site and try again.'

/** Only https (or plain http on localhost / 127.0.0.1, for development) ever opens. */
export function isOpenableUrl(value: string): boolean {
  return /^https:\/\//i.test(value) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/i.test(value)
}

/**
 * Social login (SPEC 3, 5): GET_SOCIAL_REDIRECT_URI, the popup the click opened goes there
 * (only https, or http on localhost in development), and once it is back on this page's origin
 * its address (the provider's result) goes to the frame as CONNECT_SOCIAL, whose reply is the
 * user. A closed popup ends the attempt. At start, a Telegram result in the page URL is removed
 * from the address bar (SPEC 2) and completes the login the same way, but only when this browser
 * started one for that OAuth state (a short-lived marker in storage, issue L-9): a link with
 * someone else's result is ignored.
 * @example store.dispatch({ type: 'auth/socialLoginRequested', provider: 'github' })
 */
export const socialLoginEpic =
  (pollMs = SOCIAL_POPUP_POLL_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) => {
    const session = authSession(deps.providers)
    const login$ = action$.pipe(
      ofType('auth/socialLoginRequested'),
      switchMap(({ provider }): Observable<Action> => {
        const popup = session.popup
        if (!popup) return of(...loginFailedActions({ message: POPUP_BLOCKED_MESSAGE }))
        let marked = false
        return frameRequest(action$, deps, appMessage('GET_SOCIAL_REDIRECT_URI', { provider }), (reply): Observable<Action> => {
          if (!reply.ok) return closing(popup, of(...loginFailedActions(reply.error, reply.reason)))
          if (!isOpenableUrl(reply.payload.uri)) return closing(popup, of(...loginFailedActions({ message: 'Invalid url' })))
          // Written before the provider opens; null (no state in the URL) clears an older marker.
          marked = true
          void writeAuthItems(deps.storage, { walletSocialLoginStarted: startedSocialLogin(reply.payload.uri, provider, deps.scheduler.now()) })
          popup.location.href = reply.payload.uri
          return concat(of<Action>({ type: 'auth/socialPopupOpened', provider }), awaitReturn(popup, provider))
        }).pipe(
          takeUntil(action$.pipe(ofType('auth/loginCancelled', 'modal/closeRequested'))),
          // Left, replaced by a new attempt, or done: the provider window and the marker go too.
          finalize(() => {
            closeQuietly(popup)
            if (marked) void writeAuthItems(deps.storage, { walletSocialLoginStarted: null })
          }),
        )
      }),
    )

    /**
     * The result comes back either as a message from the popup (`{ type: SOCIAL_RESULT_MESSAGE,
     * resultUri }`, accepted only from that window and the secure site's origin) or by the popup
     * returning to our origin with the result in its address (polled: reading a foreign page's
     * address throws). A closed popup ends the attempt.
     */
    const awaitReturn = (popup: PopupLike, provider: RedirectSocialProvider): Observable<Action> => {
      const posted$ = new Observable<string>((subscriber) => {
        const win = deps.window
        const secureOrigin = originOf(state$.value.options.secureSiteUrl)
        const listener = (event: Event) => {
          const { data, origin, source } = event as MessageEvent
          if (source !== (popup as unknown) || origin !== secureOrigin || !data || typeof data !== 'object') return
          const { type, resultUri } = data as { type?: unknown; resultUri?: unknown }
          if (type === SOCIAL_RESULT_MESSAGE && typeof resultUri === 'string' && resultUri.length <= 2048) subscriber.next(resultUri)
        }
        win?.addEventListener?.('message', listener)
        return () => win?.removeEventListener?.('message', listener)
      })
      const polled$ = interval(pollMs, deps.scheduler).pipe(
        map(() => (popup.closed ? 'closed' : sameOriginHref(popup, state$.value.app.environment.origin))),
        filter((result): result is string => result !== null),
      )
      return merge(posted$, polled$).pipe(
        take(1),
        mergeMap((result) => {
          if (result === 'closed') return of(...loginFailedActions({ message: POPUP_CLOSED_MESSAGE }))
          if (!isOpenableUrl(result)) return closing(popup, of(...loginFailedActions({ message: 'Invalid url' })))
          return closing(popup, connectSocial(result, provider))
        }),
      )
    }

    const connectSocial = (uri: string, provider: RedirectSocialProvider): Observable<Action> =>
      frameRequest(action$, deps, appMessage('CONNECT_SOCIAL', { uri }), (reply): Action[] => {
        if (!reply.ok) return loginFailedActions(reply.error, reply.reason)
        void writeAuthItems(deps.storage, { walletEmailLoginUsed: true, connectedSocial: provider, ...(reply.payload.userName ? { walletSocialUsername: reply.payload.userName } : {}) })
        return [{ type: 'auth/frameConnected', method: 'social' }, ...userActions(state$.value, reply.payload, provider)]
      })

    const telegram$ = action$.pipe(
      ofType('app/started'),
      take(1),
      mergeMap(() => {
        const href = deps.window?.location.href
        const uri = href ? new URL(href).searchParams.get(TELEGRAM_RESULT_PARAM) : null
        if (!href || !uri) return EMPTY
        removeParam(deps, href)
        return readAuthItem(deps.storage, 'walletSocialLoginStarted').pipe(
          mergeMap((stored): Observable<Action> => {
            const { match, remove } = checkSocialLogin(stored, uri, deps.scheduler.now())
            // Single use (the same link cannot log in twice); an expired marker goes too.
            if (remove) void writeAuthItems(deps.storage, { walletSocialLoginStarted: null })
            // Not started in this browser, expired, or another login's state: ignored.
            if (!match) return EMPTY
            return isOpenableUrl(uri) ? connectSocial(uri, match.provider) : of(...loginFailedActions({ message: 'Invalid url' }))
          }),
        )
      }),
    )
    return merge(login$, telegram$)
  }

function closing(popup: PopupLike, then: Observable<Action>): Observable<Action> {
  return defer(() => {
    closeQuietly(popup)
    return then
  })
}

function closeQuietly(popup: PopupLike): void {
  try {
    if (!popup.closed) popup.close()
  } catch {
    // Already gone.
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

function sameOriginHref(popup: PopupLike, origin: string | null): string | null {
  try {
    const href = popup.location.href
    if (!origin || !href.startsWith(`${origin}/`) || !href.includes('?')) return null
    // Back on our page: the result is its parameter when the provider put it there, else the address.
    return new URL(href).searchParams.get(TELEGRAM_RESULT_PARAM) ?? href
  } catch {
    return null
  }
}

function removeParam(deps: AirlockDeps, href: string): void {
  const url = new URL(href)
  url.searchParams.delete(TELEGRAM_RESULT_PARAM)
  const history = (deps.window as { history?: Pick<History, 'replaceState'> } | undefined)?.history
  try {
    history?.replaceState(null, '', url.toString())
  } catch {
    // A sandboxed page may refuse; the login goes on.
  }
}
