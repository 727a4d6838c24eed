import { useMemo } from 'react'
import type { Airlock } from '../../core/createAirlock.js'
import { useAirlockInstance } from '../context.js'

export interface UseAirlockReturnType {
  open: Airlock['open']
  close: Airlock['close']
  /** The views' language from now on: a BCP 47 tag (`es`, `zh-CN`, `ja`, `ar`); one without a catalogue shows English. Its catalogue loads on demand. */
  setLocale(locale: string): void
}

/**
 * Opens and closes the modal, and sets its language.
 * @example const { open, setLocale } = useAirlock(); <button onClick={() => open({ view: 'Networks' })} />; setLocale('es')
 */
export function useAirlock(): UseAirlockReturnType {
  const airlock = useAirlockInstance()
  return useMemo(
    () => ({ open: airlock.open, close: airlock.close, setLocale: (locale: string) => airlock.dispatch({ type: 'theme/localeChanged', locale: String(locale).slice(0, 35) }) }),
    [airlock],
  )
}
