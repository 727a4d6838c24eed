/**
 * The secure frame: protocol (SPEC 3), transport (SPEC 4 "Embedded frame"), request helper.
 * Imports zod: load it on demand only (from lazy epics or views), never from start-up modules.
 *
 * Usage from an epic (the frame loads itself on first use and is ready after READY + 500 ms):
 * ```ts
 * import { appMessage, frameRequest } from '../frame/index.js'
 * const connectEmail: Epic = (action$, _state$, deps) => action$.pipe(
 *   ofType('auth/emailSubmitted'),
 *   switchMap(({ email }) => frameRequest(action$, deps, appMessage('CONNECT_EMAIL', { email }), (reply) =>
 *     reply.ok
 *       ? { type: 'auth/emailAccepted', action: reply.payload.action } // 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
 *       : { type: 'auth/emailFailed', error: reply.error })),           // reply.reason: 'error' | 'timeout' | 'notLoaded' | 'aborted' | 'reloaded'
 * )
 * ```
 * - `frameRequest` emits `frame/requestSent` (id from `deps.id()`) and, after the reply, whatever
 *   `onReply` returns. Timeouts per SPEC 9 are applied by the transport (`frameRequestTimeout`);
 *   pass `{ timeoutMs }` to override. Every request has one. A late, duplicate or unknown-id reply
 *   never reaches you.
 * - A ready frame whose document is replaced (a new READY, or an iframe `load` the host did not
 *   ask for: it reloaded, or its page failed) is `frame/documentChanged`: requests already posted
 *   fail at once (`reloaded`, 'The embedded wallet reloaded before it answered. Please try
 *   again.'), and the frame counts as loading until its READY (20 s, then failed).
 * - Errors: `reply.error.message` is the frame's message, or 'An error occurred' when it had none
 *   (SPEC 8); timeouts say 'Embedded Wallet Request Timed Out'; a frame that never loaded
 *   'Network Error - Could not load embedded wallet'; aborts 'Request was aborted' (rpc) or
 *   'Something went wrong'.
 * - Abort an open request: dispatch `{ type: 'frame/abortRequested', id }` (the id is in `frame/requestSent`).
 * - Load early (e.g. when the email view opens): dispatch `{ type: 'frame/loadRequested' }`.
 *   State: `state.frame.status` is 'idle' | 'loading' | 'ready' | 'failed'.
 * - Show the frame (approval inside it) or hide it: `{ type: 'frame/visibilityRequested', visible }`.
 * - SESSION_UPDATE arrives as `frame/sessionUpdated { token }` (redacted in the event log).
 * - Persisted flag: `emailLoginUsed` (storage) makes the frame load at start; the auth flow sets it.
 * - RPC: `isFrameRpcMethodSafe(method)` (no approval view) / `isFrameRpcMethodAllowed(method)`;
 *   `appMessage('RPC_REQUEST', { method: 'personal_sign', params: [message, address] })`.
 */
export * from './protocol.js'
export { parseAppMessage, parseFrameMessage, replyInfo, MAX_FRAME_MESSAGE_BYTES, MAX_FRAME_MESSAGE_DEPTH } from './parseFrameMessage.js'
export { appMessage, frameError, frameReady, frameSessionUpdate, frameSuccess, requestName, type PayloadArgs } from './builders.js'
export { frameRequest, type FrameReply, type FrameRequestOptions } from './frameRequest.js'
export { frameRequestTimeout } from './requestTimeout.js'
export { FRAME_SAFE_RPC_METHODS, FRAME_UNSAFE_RPC_METHODS, isFrameRpcMethodAllowed, isFrameRpcMethodSafe, rpcRequestSchema, solanaSendOptionsSchema, type FrameRpcRequest } from './rpcRequestSchema.js'
export { IFRAME_NOT_SET, PARENT_NOT_SET, type FrameHost } from './FrameHost.js'
export { FRAME_ERRORS } from './frameErrors.js'
