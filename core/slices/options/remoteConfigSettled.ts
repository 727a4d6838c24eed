import type { AirlockState } from '../../state.js'

/** Start-up ran and the remote config has answered (or was never asked for). */
export function remoteConfigSettled(state: AirlockState): boolean {
  if (!state.app.started) return false
  const { remoteConfig } = state.app
  return remoteConfig === 'loaded' || remoteConfig === 'failed' || !state.options.projectId
}
