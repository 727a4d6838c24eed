import { useCallback } from 'react'
import { useAirlockInstance } from '../../context.js'
import { useDisconnect } from '../../hooks/useDisconnect.js'

/** The modal's disconnect buttons: ask the wallet to disconnect and close the modal at once. */
export function useDisconnectAndClose(): () => void {
  const airlock = useAirlockInstance()
  const { disconnect } = useDisconnect()
  return useCallback(() => {
    disconnect()
    airlock.close()
  }, [airlock, disconnect])
}
