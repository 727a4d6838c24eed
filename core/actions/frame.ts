import type { AppMessage, FrameRequestName } from '../frame/protocol.js'
import type { ErrorInfo } from './types.js'

/**
 * Why a frame request ended without a success reply. `reloaded`: the frame's document was
 * replaced after the request was posted (the frame reloaded, or its page failed to load), so
 * nothing will answer it; whether the old document acted on it is unknown.
 */
export type FrameFailureReason = 'error' | 'timeout' | 'notLoaded' | 'aborted' | 'reloaded'

/** Why an inbound message was dropped (origin and source mismatches never get this far: they are not ours to report). */
export type FrameDropReason = 'malformed'

/** Where the visible frame sits, in CSS pixels of the page's viewport (over the modal's approval slot). */
export interface FrameBounds {
  readonly top: number
  readonly left: number
  readonly width: number
  readonly height: number
}

/**
 * The secure frame transport (SPEC 3 messages, SPEC 4 "Embedded frame"): the iframe's life, every
 * request the page sends and how it ended, and the frame's own news. Payloads are the validated
 * protocol messages; secrets in them (otp, email, token) are redacted from the event log.
 */
export type FrameAction =
  /** Intent: create the hidden iframe now (first use, or at start when email login was used before). */
  | { type: 'frame/loadRequested' }
  | { type: 'frame/loadStarted'; url: string }
  /** The frame sent READY; it counts as ready 500 ms later (`frame/ready`). */
  | { type: 'frame/readyReceived'; version?: string }
  | { type: 'frame/ready' }
  /** The frame did not load in 20 s, or the iframe could not be created. */
  | { type: 'frame/loadFailed'; error: ErrorInfo }
  /**
   * A ready frame's document was replaced: a new READY (`cause: 'ready'`), or the iframe loaded a
   * document we did not ask for (`'load'`: the frame reloaded or navigated, or its page failed).
   * Requests posted before fail at once (`reloaded`); the frame counts as loading again, ready
   * 500 ms after its READY, failed if none comes in 20 s.
   */
  | { type: 'frame/documentChanged'; cause: 'ready' | 'load' }
  /**
   * Intent: show the frame or hide it again. ApproveTransaction shows it over its own slot
   * (`bounds`; full screen without) in the modal's light or dark scheme, so the person answers
   * inside the secure site's own page.
   */
  | { type: 'frame/visibilityRequested'; visible: boolean; bounds?: FrameBounds; colorScheme?: 'light' | 'dark' }
  /**
   * A request to the frame, ended by its reply, `timeoutMs`, an abort, a failed load or a replaced
   * document. `null` (older logs, hand-made requests) means the SPEC 9 timeout of its name.
   */
  | { type: 'frame/requestSent'; id: string; name: FrameRequestName; message: AppMessage; timeoutMs: number | null }
  | { type: 'frame/requestSucceeded'; id: string; name: FrameRequestName; payload?: unknown }
  | { type: 'frame/requestFailed'; id: string; name: FrameRequestName; error: ErrorInfo; reason: FrameFailureReason }
  /** Intent: stop waiting for request `id` (SPEC 4 "open non-safe signing requests are aborted"). */
  | { type: 'frame/abortRequested'; id: string }
  /** SESSION_UPDATE from the frame. */
  | { type: 'frame/sessionUpdated'; token: string }
  /** Malformed data from our frame; at most one per minute is reported. */
  | { type: 'frame/messageDropped'; reason: FrameDropReason }
