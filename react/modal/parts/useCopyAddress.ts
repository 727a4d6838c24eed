import { useAirlockInstance } from '../../context.js'

export const COPIED_MESSAGE = 'Address copied'
export const COPY_FAILED_MESSAGE = 'Could not copy the address'

/**
 * Copies an address to the clipboard and says so in a toast ('Address copied', or 'Could not
 * copy the address' when the browser refuses).
 * @example const copy = useCopyAddress(); <button onClick={() => void copy(address)}>Copy</button>
 */
export function useCopyAddress(): (address: string) => Promise<void> {
  const airlock = useAirlockInstance()
  const toast = (variant: 'success' | 'error', message: string) =>
    airlock.dispatch({ type: 'notifications/showRequested', notification: { id: airlock.deps.id(), variant, message } })
  return async (address) => {
    try {
      await globalThis.navigator.clipboard.writeText(address)
      toast('success', COPIED_MESSAGE)
    } catch {
      toast('error', COPY_FAILED_MESSAGE)
    }
  }
}
