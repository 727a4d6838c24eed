import { EMPTY, Observable } from 'rxjs'
import type { Action, PersistedValues } from '../actions/types.js'
import type { CaipNetworkId, ChainNamespace } from '../chains/types.js'
import { AUTH_CONNECTOR_ID } from '../connectors/auth/authSession.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../connectors/walletConnect/constants.js'
import type { AirlockDeps } from '../deps.js'
import { isSupported } from '../slices/connection/isSupported.js'
import type { AirlockState, NamespaceConnection } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic } from '../store/types.js'
import { createTabChannel, type TabChannel } from './tabChannel.js'
import { parseTabMessage, type TabMessage } from './tabMessage.js'

/**
 * Two tabs of one site agree (issues 18 and 21): a connect, disconnect or network switch the person
 * makes in one tab, an account change a wallet reports in one tab, and a sign-in-with-the-wallet
 * sign-in or sign-out reach the other tabs as actions. A connect is restored there the way a reload
 * restores it (the tab's own wallet confirms it); a disconnect leaves no "connected" and no provider.
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
    // Namespaces being restored on another tab's word: their `accountConnected` is that tab's news, not ours.
    const restoringFromTab = new Set<ChainNamespace>()
    // A channel never hears its own posts, so what this tab sends does not come back to it.
    const post = (message: TabMessage) => channel.post(message)
    const outgoing = action$
      .pipe(ofType('connection/connectRequested', 'connection/accountConnected', 'connection/disconnectRequested', 'connection/disconnected', 'connection/accountsChanged', 'network/activeChanged', 'siwx/signedIn', 'siwx/signedOut'))
      .subscribe((action) => {
        const { namespaces, recentWallets } = state$.value.connection
        switch (action.type) {
          case 'connection/connectRequested':
            // The person connects here: what comes of it is this tab's to tell.
            restoringFromTab.delete(action.namespace)
            return
          case 'connection/accountConnected':
            if (!restoringFromTab.delete(action.namespace)) post({ v: 1, kind: 'connected', namespace: action.namespace, connectorId: action.connectorId, caipAddress: action.caipAddress, recentWallets: [...recentWallets] })
            return
          case 'connection/disconnectRequested':
            beforeDisconnect = namespaces
            return
          case 'connection/disconnected': {
            // A restore that failed here (another tab's connect this tab's wallet did not confirm) ends too.
            restoringFromTab.delete(action.namespace)
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
          case 'network/activeChanged': {
            // Only a switch of a connection: one made while disconnected is this page's choice alone.
            const namespace = action.caipNetworkId.slice(0, action.caipNetworkId.indexOf(':')) as ChainNamespace
            const connection = namespaces[namespace]
            if (!action.fromTab && connection?.status === 'connected' && connection.connectorId && connection.caipAddress) {
              post({ v: 1, kind: 'networkSwitched', namespace, connectorId: connection.connectorId, caipNetworkId: action.caipNetworkId, caipAddress: connection.caipAddress })
            }
            return
          }
          case 'siwx/signedIn':
            // Never from another tab: there a sign-in arrives as `otherTabSignedIn`, then the config's own check.
            post({ v: 1, kind: 'signedIn', caipAddress: action.caipAddress })
            return
          case 'siwx/signedOut':
            if (!action.fromTab) post({ v: 1, kind: 'signedOut', caipAddress: action.caipAddress })
            return
        }
      })
    const stopListening = channel.listen((raw) => {
      const message = parseTabMessage(raw)
      if (!message) return
      for (const action of actionsFor(message, state$.value)) {
        if (message.kind === 'connected' && action.type === 'storage/hydrated') restoringFromTab.add(message.namespace)
        subscriber.next(action)
      }
    })
    return () => {
      outgoing.unsubscribe()
      stopListening()
      channel.close()
    }
  })
}

/** What this tab does about another tab's message: nothing unless its state is the one the message is about. */
export function actionsFor(message: TabMessage, state: AirlockState): Action[] {
  const { namespaces } = state.connection
  const onSameConnector = (namespace: ChainNamespace, connectorId: string) => {
    const connection = namespaces[namespace]
    return connection !== undefined && connection.status !== 'disconnected' && connection.connectorId === connectorId
  }
  switch (message.kind) {
    case 'connected':
      return restoreActions(message, state)
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
    case 'networkSwitched': {
      const { namespace, caipNetworkId, caipAddress } = message
      const connection = namespaces[namespace]
      // The same account on the same wallet, confirmed here; a network this page offers, and not already on.
      if (connection?.status !== 'connected' || connection.connectorId !== message.connectorId || !connection.caipAddress) return []
      if (!caipNetworkId.startsWith(`${namespace}:`) || !caipAddress.startsWith(`${caipNetworkId}:`) || addressOf(caipAddress) !== addressOf(connection.caipAddress)) return []
      if (!isSupported(state.options, caipNetworkId) || (state.connection.activeCaipNetworkId === caipNetworkId && connection.caipAddress === caipAddress)) return []
      return [{ type: 'network/activeChanged', caipNetworkId, fromTab: true }]
    }
    case 'signedIn': {
      // Only the account this tab checked and found without a session (or is checking): signing here is left to the wallet's answer.
      const { siwx } = state
      if (!state.options.siwxEnabled || siwx.caipAddress !== message.caipAddress || (siwx.status !== 'signedOut' && siwx.status !== 'checking')) return []
      return [{ type: 'siwx/otherTabSignedIn', caipAddress: message.caipAddress }]
    }
    case 'signedOut':
      return [{ type: 'siwx/signedOut', caipAddress: message.caipAddress, fromTab: true }]
  }
}

/**
 * Another tab connected: this tab reads that connection as a reload reads storage, so the wallet's
 * own restore (the injected reconnect, the embedded wallet's session check) confirms it here or says
 * it failed; nothing shows "connected" on the other tab's word alone. A tab already connected or
 * connecting keeps what it has.
 */
function restoreActions(message: Extract<TabMessage, { kind: 'connected' }>, state: AirlockState): Action[] {
  const { namespace, connectorId, caipAddress } = message
  const { namespaces } = state.connection
  const { backend } = state.app.storage
  // WalletConnect's session lives in its SDK, which this tab may have loaded already without it: a
  // restore that then fails would store "disconnected" over the other tab's connection. This tab
  // stays disconnected (true for it, never a stale "connected") and finds the session on its next load.
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return []
  // Before its own storage is read this tab restores from that, and without an adapter nobody would.
  if (!state.app.storage.hydrated || !backend || !state.app.adapters.includes(namespace) || !caipAddress.startsWith(`${namespace}:`)) return []
  // Only a wallet this page has too (announced here, or the embedded wallet enabled here): any other
  // restore could only fail, and its failure would store "disconnected" over the other tab's connection.
  const { email, socials } = state.options.features
  const known = connectorId === AUTH_CONNECTOR_ID ? email || (socials !== false && socials.length > 0) : state.connectors.list.some((c) => c.id === connectorId)
  if (!known) return []
  const here = namespaces[namespace]
  if (here && here.status !== 'disconnected') return []
  // A connect under way here with another wallet: a second read of storage would restart its restore epics.
  if (Object.values(namespaces).some((c) => c?.status === 'connecting' && c.connectorId !== connectorId)) return []
  const caipNetworkId = caipAddress.slice(0, caipAddress.lastIndexOf(':')) as CaipNetworkId
  const values: PersistedValues = {
    connections: { [namespace]: { connectorId, caipAddress } },
    connectionStatus: { [namespace]: 'connected' },
    connectedConnectorIds: { [namespace]: connectorId },
    connectedNamespaces: [namespace],
    activeNamespace: namespace,
    activeCaipNetworkId: caipNetworkId,
    recentWallets: message.recentWallets,
  }
  return [{ type: 'storage/hydrated', values, backend, fromTab: true }]
}

function addressOf(caipAddress: string): string {
  return caipAddress.slice(caipAddress.lastIndexOf(':') + 1)
}

/** A browser that refuses the channel (a sandboxed frame, say) syncs nothing, and says nothing. */
function createTabChannelSafely(win: NonNullable<AirlockDeps['window']>): TabChannel | null {
  try {
    return createTabChannel(win)
  } catch {
    return null
  }
}
