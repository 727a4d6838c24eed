import { catchError, defer, exhaustMap, filter, from, map, merge, mergeMap, takeUntil, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../chains/types.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import { describeIssues, MAX_SIWX_MESSAGE_LENGTH, pickMessageData, siwxMessageDataSchema } from '../../siwx/siwxMessageSchema.js'
import type { SiwxConfig, SiwxMessage, SiwxMessageData } from '../../siwx/types.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { selectCaipAddress } from '../connection/selectors.js'
import { selectSiwxAccount } from './selectors.js'
import { signFailedActions } from './signFailedActions.js'
import { signWithWallet } from './signWithWallet.js'
import { SIWX_ERRORS } from './siwxErrors.js'

interface SignContext {
  readonly config: SiwxConfig
  readonly caipAddress: CaipAddress
  readonly caipNetworkId: CaipNetworkId
  readonly namespace: ChainNamespace
  readonly address: string
  readonly provider: Eip1193Provider
  readonly domain: string
  readonly uri: string
}

/**
 * SPEC 4 step 3: on a sign request, create the message, check it (no line breaks, this page's
 * host, this account and chain), have the wallet sign it, store the session, then close the
 * modal and report `siwx/signedIn`. One request at a time (a double click signs once); a
 * disconnect, another account or a cancel abandons it. Failures follow step 4.
 * @example store.dispatch({ type: 'siwx/signRequested' })
 */
export const siwxSignEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('siwx/signRequested'),
    exhaustMap((): Observable<Action> => {
      const failed = (error: unknown) => from(signFailedActions(state$.value, error, deps))
      let context: SignContext
      try {
        context = signContext(state$.value, deps)
      } catch (error) {
        return failed(error)
      }
      const { config, caipAddress, caipNetworkId, address, domain, uri } = context
      return defer(() => config.createMessage({ accountAddress: address, chainId: caipNetworkId, domain, uri, issuedAt: new Date(deps.scheduler.now()).toISOString() })).pipe(
        map((message) => checkMessage(message, context)),
        mergeMap(({ data, text }) => signWithWallet(context.provider, context.namespace, text, address).pipe(map((signature) => ({ data, text, signature })))),
        mergeMap(({ data, text, signature }) => defer(() => config.addSession({ data, message: text, signature })).pipe(map(() => data))),
        mergeMap((data): Action[] => [
          { type: 'siwx/signedIn', caipAddress, session: { caipAddress, ...times(data) } },
          { type: 'modal/closeRequested' },
        ]),
        catchError(failed),
        takeUntil(leaving(action$, state$, context)),
      )
    }),
  )

/** SPEC 8's internal errors, in the order the rivals check them. */
function signContext(state: AirlockState, deps: AirlockDeps): SignContext {
  const config = deps.siwx
  if (!config || !state.options.siwxEnabled) throw new BaseError(SIWX_ERRORS.notEnabled)
  const caipAddress = selectCaipAddress(state)
  if (!caipAddress) throw new BaseError(SIWX_ERRORS.noAddress)
  const separator = caipAddress.lastIndexOf(':')
  const caipNetworkId = caipAddress.slice(0, separator) as CaipNetworkId
  if (selectSiwxAccount(state) !== caipAddress) throw new BaseError(SIWX_ERRORS.noNetwork)
  const namespace = caipNetworkId.slice(0, caipNetworkId.indexOf(':')) as ChainNamespace
  const connectorId = state.connection.namespaces[namespace]?.connectorId
  const provider = connectorId ? deps.providers.get(connectorId) : undefined
  const location = deps.window?.location
  if (!provider || !location) throw new BaseError(SIWX_ERRORS.noClient)
  // SPEC: the domain is the page's host (with its port); the URI the page, never its query.
  const page = new URL(location.href)
  return { config, caipAddress, caipNetworkId, namespace, address: caipAddress.slice(separator + 1), provider, domain: page.host, uri: `${page.origin}${page.pathname}` }
}

/** Whatever the config built, it is checked before a wallet sees it. */
function checkMessage(message: SiwxMessage, context: SignContext): { data: SiwxMessageData; text: string } {
  const parsed = siwxMessageDataSchema.safeParse(pickMessageData(message ?? ({} as SiwxMessage)))
  if (!parsed.success) throw new BaseError('Invalid sign-in message', { details: describeIssues(parsed.error) })
  const data = parsed.data
  if (data.domain.toLowerCase() !== context.domain.toLowerCase()) throw new BaseError('The sign-in message names another domain than this page', { details: `${data.domain} on ${context.domain}` })
  const sameAddress = context.namespace === 'eip155' ? data.accountAddress.toLowerCase() === context.address.toLowerCase() : data.accountAddress === context.address
  if (!sameAddress || data.chainId !== context.caipNetworkId) throw new BaseError('The sign-in message is for another account or chain')
  const text = String(message)
  if (text.length === 0 || text.length > MAX_SIWX_MESSAGE_LENGTH) throw new BaseError('Invalid sign-in message', { details: 'its text is empty or too long' })
  return { data, text }
}

function times(data: SiwxMessageData): { issuedAt?: string; expirationTime?: string } {
  return { ...(data.issuedAt ? { issuedAt: data.issuedAt } : {}), ...(data.expirationTime ? { expirationTime: data.expirationTime } : {}) }
}

/** The request no longer matters: cancelled, disconnecting, or the account or chain moved on. */
function leaving(action$: Observable<Action>, state$: StateObservable<AirlockState>, context: SignContext): Observable<unknown> {
  return merge(
    action$.pipe(
      ofType('siwx/cancelRequested', 'connection/disconnectRequested'),
      filter((action) => action.type === 'siwx/cancelRequested' || action.namespace === context.namespace),
    ),
    state$.pipe(filter((state) => selectCaipAddress(state, context.namespace) !== context.caipAddress)),
  )
}
