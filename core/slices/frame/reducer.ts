export { initialFrameState, type FrameState } from './state.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { initialFrameState, type FrameState } from './state.js'

export function frameReducer(state: FrameState = initialFrameState, action: Action): FrameState {
  switch (action.type) {
    case 'frame/loadStarted':
      return { ...state, status: 'loading', error: null }
    case 'frame/readyReceived':
      return { ...state, version: action.version ?? null }
    case 'frame/ready':
      return state.status === 'loading' ? { ...state, status: 'ready' } : state
    case 'frame/documentChanged':
      // Loading again, without a new `loadStarted`: the frame replaced its own document.
      return state.status === 'ready' ? { ...state, status: 'loading' } : state
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
