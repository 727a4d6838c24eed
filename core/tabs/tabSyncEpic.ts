import { EMPTY, Observable } from 'rxjs'
import type { Action } from '../actions/types.js'
import type { ChainNamespace } from '../chains/types.js'
import { AUTH_CONNECTOR_ID } from '../connectors/auth/authSession.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState, NamespaceConnection } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic } from '../store/types.js'
import { createTabChannel, type TabChannel } from './tabChannel.js'
import { parseTabMessage, type TabMessage } from './tabMessage.js'

/**
 * Two tabs of one site agree (issue 21): a disconnect or sign-out the person makes in one tab, an
 * account change a wallet reports in one tab, and a sign-in-with-the-wallet sign-out reach the
 * other tabs, which then stop showing "connected" and have no provider to send requests through.
 * What another tab says is checked (zod) and applied only to a connection on the same connector;
 * what came from another tab is never sent on again, so two tabs cannot echo each other.
 * @example createStore({ …, epics: { tabSync: tabSyncEpic } })
 */
export const tabSyncEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => {
  const channel = deps.window ? createTabChannelSafely(deps.window) : null
  if (!channel) return EMPTY
  return new Observable<Action>((subscriber) => {
    // The connections as they were when a disconnect was asked for: by the time `disconnected`
    // arrives the reducer has cleared the connector, and the other tabs need to know which it was.
    let beforeDisconnect: Partial<Record<ChainNamespace, NamespaceConnection>> = {}
    // A channel never hears its own posts, so what this tab sends does not come back to it.
    const post = (message: TabMessage) => channel.post(message)
    const outgoing = action$.pipe(ofType('connection/disconnectRequested', 'connection/disconnected', 'connection/accountsChanged', 'siwx/signedOut')).subscribe((action) => {
      const { namespaces } = state$.value.connection
      switch (action.type) {
        case 'connection/disconnectRequested':
          beforeDisconnect = namespaces
          return
        case 'connection/disconnected': {
          // Only what the person did here: a wallet tells every tab itself, and a failed restore is this tab's own.
          const connectorId = beforeDisconnect[action.namespace]?.connectorId
          if (action.reason === 'user' && connectorId) post({ v: 1, kind: 'disconnected', namespace: action.namespace, connectorId })
          return
        }
        case 'connection/accountsChanged': {
          const connectorId = namespaces[action.namespace]?.connectorId
          if (!action.fromTab && connectorId && action.accounts.length > 0) post({ v: 1, kind: 'accountsChanged', namespace: action.namespace, connectorId, accounts: action.accounts })
          return
        }
        case 'siwx/signedOut':
          if (!action.fromTab) post({ v: 1, kind: 'signedOut', caipAddress: action.caipAddress })
          return
      }
    })
    const stopListening = channel.listen((raw) => {
      const message = parseTabMessage(raw)
      if (!message) return
      for (const action of actionsFor(message, state$.value)) subscriber.next(action)
    })
    return () => {
      outgoing.unsubscribe()
      stopListening()
      channel.close()
    }
  })
}

/** What this tab does about another tab's message: nothing unless it holds the same connection. */
export function actionsFor(message: TabMessage, state: AirlockState): Action[] {
  const { namespaces } = state.connection
  const onSameConnector = (namespace: ChainNamespace, connectorId: string) => {
    const connection = namespaces[namespace]
    return connection !== undefined && connection.status !== 'disconnected' && connection.connectorId === connectorId
  }
  switch (message.kind) {
    case 'disconnected': {
      if (!onSameConnector(message.namespace, message.connectorId)) return []
      // Signing out of the embedded wallet ends it on every chain (SPEC 4), here as there.
      if (message.connectorId !== AUTH_CONNECTOR_ID) return [{ type: 'connection/disconnected', namespace: message.namespace, reason: 'otherTab' }]
      const all = (Object.keys(namespaces) as ChainNamespace[]).filter((ns) => onSameConnector(ns, AUTH_CONNECTOR_ID))
      return [...all.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'otherTab' })), { type: 'auth/signedOut' }]
    }
    case 'accountsChanged': {
      if (!onSameConnector(message.namespace, message.connectorId)) return []
      if (!message.accounts.every((account) => account.startsWith(`${message.namespace}:`))) return []
      return [{ type: 'connection/accountsChanged', namespace: message.namespace, accounts: message.accounts, fromTab: true }]
    }
    case 'signedOut':
      return [{ type: 'siwx/signedOut', caipAddress: message.caipAddress, fromTab: true }]
  }
}

/** A browser that refuses the channel (a sandboxed frame, say) syncs nothing, and says nothing. */
function createTabChannelSafely(win: NonNullable<AirlockDeps['window']>): TabChannel | null {
  try {
    return createTabChannel(win)
  } catch {
    return null
  }
}
