import type { Action, ConnectorInfo } from '../../actions/types.js'
import type { ConnectorsState } from '../../state.js'

export const initialConnectorsState: ConnectorsState = { list: [] }

/**
 * Discovered connectors. A wallet announced twice (same uuid, or same rdns
 * under a new uuid after a page event) replaces its entry instead of
 * appearing twice.
 */
export function connectorsReducer(state: ConnectorsState, action: Action): ConnectorsState {
  switch (action.type) {
    case 'connectors/announced': {
      const incoming = action.connector
      const index = state.list.findIndex((c) => sameConnector(c, incoming))
      if (index === -1) return { list: [...state.list, incoming] }
      if (JSON.stringify(state.list[index]) === JSON.stringify(incoming)) return state
      const list = [...state.list]
      list[index] = incoming
      return { list }
    }
    case 'connectors/removed':
      return state.list.some((c) => c.id === action.id) ? { list: state.list.filter((c) => c.id !== action.id) } : state
    default:
      return state
  }
}

function sameConnector(a: ConnectorInfo, b: ConnectorInfo): boolean {
  if (a.id === b.id) return true
  if (a.uuid && b.uuid && a.uuid === b.uuid) return true
  return Boolean(a.rdns && b.rdns && a.rdns === b.rdns)
}
