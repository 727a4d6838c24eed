import type { Action } from '../core/actions/types.js'
import type { ChainNamespace } from '../core/chains/types.js'
import { selectIsConnected } from '../core/slices/connection/selectors.js'
import type { AirlockState } from '../core/state.js'
import { MAX_STACK_CHARS, scrubText } from './scrubText.js'

/** How the account was connected, as the collector groups it. */
export type ConnectMethod = 'browser' | 'qrcode' | 'email'

/** `props` of SPEC 7 for product events. */
export type TrackProps =
  | { type: 'track'; event: 'MODAL_OPEN' | 'MODAL_CLOSE'; properties: { connected: boolean } }
  | { type: 'track'; event: 'CONNECT_SUCCESS'; address: string; properties: { method: ConnectMethod; name: string } }
  | { type: 'track'; event: 'CONNECT_ERROR'; properties: { message: string } }
  | { type: 'track'; event: 'DISCONNECT_SUCCESS' }
  /** SPEC 8: 'Failed to fetch transactions' sends a tracking event (no address or cursor: they identify the person). */
  | { type: 'track'; event: 'ERROR_FETCH_TRANSACTIONS'; properties: { network: string; message: string } }

/** `props` of SPEC 7 for error events (the ones the cap counts). */
export interface ErrorProps {
  type: 'error'
  event: 'ERROR'
  errorType: string
  errorMessage: string
  stackTrace?: string
}

export type AnalyticsEvent = { kind: 'track'; props: TrackProps } | { kind: 'error'; props: ErrorProps }

/**
 * Maps one action to the analytics event it stands for, or null. Pure: `stateBefore`
 * (when known) suppresses repeats such as an open request on an open modal.
 * @example toAnalyticsEvent({ type: 'modal/openRequested' }, before, after) // { kind: 'track', props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } }
 */
export function toAnalyticsEvent(action: Action, stateBefore: AirlockState | undefined, stateAfter: AirlockState): AnalyticsEvent | null {
  switch (action.type) {
    case 'modal/openRequested':
      if (stateBefore?.modal.open) return null
      return track({ type: 'track', event: 'MODAL_OPEN', properties: { connected: selectIsConnected(stateAfter) } })
    case 'modal/closeRequested':
      if (stateBefore && !stateBefore.modal.open) return null
      return track({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: selectIsConnected(stateAfter) } })
    case 'connection/accountConnected': {
      // A wallet re-announcing (or switching) the account of a live connection is not a new connection.
      if (statusBefore(stateBefore, action.namespace) === 'connected') return null
      const name = scrubText(action.wallet?.name ?? action.connectorId)
      return track({ type: 'track', event: 'CONNECT_SUCCESS', address: plainAddress(action.caipAddress), properties: { method: connectMethod(action.connectorId), name } })
    }
    case 'connection/connectFailed':
      return track({ type: 'track', event: 'CONNECT_ERROR', properties: { message: scrubText(action.error.message) } })
    case 'connection/disconnected':
      if (stateBefore && statusBefore(stateBefore, action.namespace) === 'disconnected') return null
      return track({ type: 'track', event: 'DISCONNECT_SUCCESS' })
    case 'activity/pageFailed':
      return track({
        type: 'track',
        event: 'ERROR_FETCH_TRANSACTIONS',
        properties: {
          network: scrubText(
            action.key.split('|')[0] ??
              // Stryker disable next-line StringLiteral: split('|') always returns at least one element, so [0] is never undefined and this '' is never used
              '',
          ),
          message: scrubText(action.error.message),
        },
      })
    case 'telemetry/errorCaptured':
      return error(action.errorType, action.error.message, action.error.stack)
    case 'epic/failed':
      // The epic's name is the most useful part of the report, so it leads the message.
      return error('EpicFailed', `${action.epic}: ${action.error.message}`)
    case 'alerts/raised':
      return action.alert.variant === 'error' ? error(action.alert.code, action.alert.message) : null
    default:
      // Includes `telemetry/sendFailed`: reporting a failed report would loop.
      return null
  }
}

/**
 * The connect method from a connector id (ids follow SPEC 3 connector types, case-insensitively).
 * @example connectMethod('walletConnect') // 'qrcode'
 */
export function connectMethod(connectorId: string): ConnectMethod {
  const id = connectorId.toLowerCase().replace(/[^a-z]/g, '')
  if (id.includes('walletconnect')) return 'qrcode'
  // `auth`, `ID_AUTH`: the embedded email/social wallet.
  if (id.endsWith('auth')) return 'email'
  return 'browser'
}

function track(props: TrackProps): AnalyticsEvent {
  return { kind: 'track', props }
}

function error(errorType: string, message: string, stack?: string): AnalyticsEvent {
  const props: ErrorProps = { type: 'error', event: 'ERROR', errorType: scrubText(errorType), errorMessage: scrubText(message) }
  if (stack) props.stackTrace = scrubText(stack, MAX_STACK_CHARS)
  return { kind: 'error', props }
}

function statusBefore(state: AirlockState | undefined, namespace: ChainNamespace) {
  return state ? (state.connection.namespaces[namespace]?.status ?? 'disconnected') : undefined
}

/** `eip155:1:0xabc` → `0xabc`; the collector wants the address without chain. */
function plainAddress(caipAddress: string): string {
  const parts = caipAddress.split(':')
  // Stryker disable next-line StringLiteral: a CAIP-10 account address holds no ':', so the join has one part.
  return parts.slice(2).join(':')
}
