import type { Action, ErrorInfo } from '../../actions/types.js'
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

export const initialFrameState: FrameState = { status: 'idle', version: null, visible: false, pending: {}, error: null }

export function frameReducer(state: FrameState = initialFrameState, action: Action): FrameState {
  switch (action.type) {
    case 'frame/loadStarted':
      return { ...state, status: 'loading', error: null }
    case 'frame/readyReceived':
      return { ...state, version: action.version ?? null }
    case 'frame/ready':
      return state.status === 'loading' ? { ...state, status: 'ready' } : state
    case 'frame/loadFailed':
      return { ...state, status: 'failed', error: action.error }
    case 'frame/visibilityRequested':
      return state.visible === action.visible ? state : { ...state, visible: action.visible }
    case 'frame/requestSent':
      return { ...state, pending: { ...state.pending, [action.id]: { name: action.name } } }
    case 'frame/requestSucceeded':
      return withoutPending(state, action.id)
    case 'frame/requestFailed':
      return action.id in state.pending ? { ...withoutPending(state, action.id), error: action.error } : state
    default:
      return state
  }
}

function withoutPending(state: FrameState, id: string): FrameState {
  if (!(id in state.pending)) return state
  const { [id]: _done, ...pending } = state.pending
  return { ...state, pending }
}
