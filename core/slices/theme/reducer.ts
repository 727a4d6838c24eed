import type { Action } from '../../actions/types.js'
import type { ResolvedOptions } from '../../options/resolveOptions.js'
import type { ThemeState } from '../../state.js'

export const initialThemeState = (options: ResolvedOptions): ThemeState => ({ mode: options.themeMode, variables: options.themeVariables })

/** Theme mode and `--airlock-*` variables, changeable at run time. */
export function themeReducer(state: ThemeState, action: Action): ThemeState {
  switch (action.type) {
    case 'theme/modeChanged':
      return state.mode === action.mode ? state : { ...state, mode: action.mode }
    case 'theme/variablesChanged':
      return { ...state, variables: { ...state.variables, ...action.variables } }
    case 'theme/catalogueLoaded':
      return { ...state, catalogue: action.locale }
    default:
      return state
  }
}
