/** `airlock/react`: the provider, hooks and components. */
export { AirlockProvider } from './AirlockProvider.js'
export type { AirlockProviderProps } from './AirlockProvider.js'
export { useAirlock } from './hooks/useAirlock.js'
export { shallowEqual, useAirlockSelector } from './hooks/useAirlockSelector.js'
export { useAirlockState } from './hooks/useAirlockState.js'
export type { AirlockUiState } from './hooks/useAirlockState.js'
