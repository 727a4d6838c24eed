import { useCallback, useMemo } from 'react'
import type { ThemeMode } from '../../core/options/resolveOptions.js'
import type { ThemeState } from '../../core/state.js'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from './useAirlockSelector.js'

export interface UseThemeReturnType {
  /** null or `system`: follows the device's `prefers-color-scheme`. */
  themeMode: ThemeState['mode']
  themeVariables: ThemeState['variables']
  /** `system` goes back to following the device. */
  setThemeMode(mode: ThemeMode): void
  /** Merged into the current variables; only `--airlock-*` keys are applied. */
  setThemeVariables(variables: Record<string, string | number>): void
}

/**
 * Reads and changes the modal theme.
 * @example const { setThemeMode, setThemeVariables } = useTheme(); setThemeVariables({ '--airlock-accent': '#47a1ff' })
 */
export function useTheme(): UseThemeReturnType {
  const airlock = useAirlockInstance()
  const theme = useAirlockSelector((state) => state.theme)
  const setThemeMode = useCallback((mode: ThemeMode) => airlock.dispatch({ type: 'theme/modeChanged', mode }), [airlock])
  const setThemeVariables = useCallback(
    (variables: Record<string, string | number>) => airlock.dispatch({ type: 'theme/variablesChanged', variables }),
    [airlock],
  )
  return useMemo(
    () => ({ themeMode: theme.mode, themeVariables: theme.variables, setThemeMode, setThemeVariables }),
    [theme, setThemeMode, setThemeVariables],
  )
}
