import type { ErrorInfo } from '../../actions/types.js'
import type { FrameRequestName } from '../../frame/protocol.js'

/** The secure frame as state sees it (SPEC 4 "Embedded frame"): plain metadata, never payloads or tokens. */
export interface FrameState {
  /** idle: no iframe yet; loading: created, not ready; ready: READY + 500 ms; failed: did not load in time. */
  readonly status: 'idle' | 'loading' | 'ready' | 'failed'
  /** The version the frame announced in READY. */
  readonly version: string | null
  readonly visible: boolean
  /** Requests waiting for their reply, by id. */
  readonly pending: Readonly<Record<string, { readonly name: FrameRequestName }>>
  /** Why the last load or request failed; cleared when a new load starts. */
  readonly error: ErrorInfo | null
}

/** Apart from the reducer, so the page's first JavaScript has the state and not the code that changes it (it loads late). */
export const initialFrameState: FrameState = { status: 'idle', version: null, visible: false, pending: {}, error: null }
