import { useCallback, useMemo } from 'react'
import type { ChainNamespace } from '../../core/chains/types.js'
import { useAirlockInstance } from '../context.js'

/**
 * Disconnects one namespace, or every namespace with a connection when none is given.
 * @example const { disconnect } = useDisconnect(); <button onClick={() => disconnect()}>Disconnect</button>
 */
export function useDisconnect(): { disconnect(namespace?: ChainNamespace): void } {
  const airlock = useAirlockInstance()
  const disconnect = useCallback(
    (namespace?: ChainNamespace) => {
      const { connection } = airlock.getState()
      const live = (Object.keys(connection.namespaces) as ChainNamespace[]).filter((ns) => connection.namespaces[ns]?.status !== 'disconnected')
      const targets = namespace ? [namespace] : live.length > 0 ? live : connection.activeNamespace ? [connection.activeNamespace] : []
      for (const ns of targets) airlock.dispatch({ type: 'connection/disconnectRequested', namespace: ns })
    },
    [airlock],
  )
  return useMemo(() => ({ disconnect }), [disconnect])
}
