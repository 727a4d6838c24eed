import { en } from '../../../core/i18n/en.js'
import { useAirlockInstance } from '../../context.js'
import { useT } from '../../i18n/useT.js'

/** The copy toasts' English (the catalogue's `account.CopyAddress.*`); the toast shows the shown language's. */
export const COPIED_MESSAGE = en['account.CopyAddress.copied']
export const COPY_FAILED_MESSAGE = en['account.CopyAddress.failed']

/**
 * Copies an address to the clipboard and says so in a toast ('Address copied', or 'Could not
 * copy the address' when the browser refuses), in the shown language.
 * @example const copy = useCopyAddress(); <button onClick={() => void copy(address)}>Copy</button>
 */
export function useCopyAddress(): (address: string) => Promise<void> {
  const airlock = useAirlockInstance()
  const t = useT()
  const toast = (variant: 'success' | 'error', message: string) =>
    airlock.dispatch({ type: 'notifications/showRequested', notification: { id: airlock.deps.id(), variant, message } })
  return async (address) => {
    try {
      await globalThis.navigator.clipboard.writeText(address)
      toast('success', t('account.CopyAddress.copied'))
    } catch {
      toast('error', t('account.CopyAddress.failed'))
    }
  }
}
