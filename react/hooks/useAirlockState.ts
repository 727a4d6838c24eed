import type { ChainNamespace } from '../../core/chains/types.js'
import type { CaipNetworkId } from '../../core/chains/types.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface AirlockUiState {
  open: boolean
  loading: boolean
  selectedNetworkId: CaipNetworkId | null
  activeChain: ChainNamespace | null
  initialized: boolean
}

/**
 * The modal and app flags.
 * @example const { open, initialized } = useAirlockState()
 */
export function useAirlockState(): AirlockUiState {
  return useAirlockSelector(
    (state) => ({
      open: state.modal.open,
      loading: state.modal.loading,
      selectedNetworkId: state.connection.activeCaipNetworkId,
      activeChain: state.connection.activeNamespace,
      initialized: state.app.initialized,
    }),
    shallowEqual,
  )
}
