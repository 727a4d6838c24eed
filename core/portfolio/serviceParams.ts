import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'

/** The service's request parameters every data call carries (SPEC 7). */
export function serviceParams(state: AirlockState): { projectId: string | null; st: string; sv: string } {
  return { projectId: state.options.projectId, st: state.options.sdkType, sv: state.options.sdkVersion }
}

/** The data service's origin: images are loaded from there only. */
export function serviceOrigin(deps: AirlockDeps): string {
  return new URL(deps.http.blockchain.baseUrl).origin
}
