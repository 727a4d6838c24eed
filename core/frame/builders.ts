import {
  APP_PREFIX,
  type AppMessage,
  type AppPayload,
  FRAME_PREFIX,
  type FrameErrorMessage,
  type FrameReadyMessage,
  type FrameRequestName,
  type FrameSessionUpdateMessage,
  type FrameSuccessMessage,
  type SuccessPayload,
} from './protocol.js'

/** `[payload]` when the request needs one, `[payload?]` when it is optional or absent. */
export type PayloadArgs<P> = undefined extends P ? [payload?: P] : [payload: P]

/**
 * A page-to-frame request (no id: the transport adds one when it sends it).
 * @example appMessage('CONNECT_EMAIL', { email: 'ada@example.com' }) // { type: '@airlock-app/CONNECT_EMAIL', payload: { email } }
 */
export function appMessage<N extends FrameRequestName>(name: N, ...[payload]: PayloadArgs<AppPayload<N>>): AppMessage<N> {
  return withPayload({ type: `${APP_PREFIX}${name}` }, payload) as AppMessage<N>
}

/** A success reply to request `id` (used by frames, the dev frame and tests). */
export function frameSuccess<N extends FrameRequestName>(name: N, id: string | undefined, ...[payload]: PayloadArgs<SuccessPayload<N>>): FrameSuccessMessage<N> {
  return withPayload(withId({ type: `${FRAME_PREFIX}${name}_SUCCESS` }, id), payload) as FrameSuccessMessage<N>
}

/** An error reply to request `id`; SPEC 8: the page shows `message`. `code`: the EIP-1193 code (4001: rejected). */
export function frameError<N extends FrameRequestName>(name: N, id: string | undefined, message: string, code?: number): FrameErrorMessage<N> {
  return withId({ type: `${FRAME_PREFIX}${name}_ERROR`, payload: code === undefined ? { message } : { message, code } }, id) as FrameErrorMessage<N>
}

export function frameReady(version?: string): FrameReadyMessage {
  return withPayload({ type: `${FRAME_PREFIX}READY` }, version === undefined ? undefined : { version }) as FrameReadyMessage
}

export function frameSessionUpdate(token: string): FrameSessionUpdateMessage {
  return { type: `${FRAME_PREFIX}SESSION_UPDATE`, payload: { token } }
}

/** The request name inside an app message type (`@airlock-app/CONNECT_EMAIL` → `CONNECT_EMAIL`). */
export function requestName<N extends FrameRequestName>(message: AppMessage<N>): N {
  return message.type.slice(APP_PREFIX.length) as N
}

function withPayload<T extends object>(message: T, payload: unknown): T {
  return payload === undefined ? message : { ...message, payload }
}

function withId<T extends object>(message: T, id: string | undefined): T {
  return id === undefined ? message : { id, ...message }
}
