import { buildUrl } from '../../../core/api/createHttpClient.js'
import type { ResolvedOptions } from '../../../core/options/resolveOptions.js'
import { projectParams } from '../../../core/registry/registryQuery.js'

/** The data service's image routes (SPEC 7): networks by asset id, tokens by symbol, fiat currencies by code. */
export type ApiImageKind = 'getAssetImage' | 'getTokenImage' | 'getCurrencyImage'

/**
 * An image of the data service on the configured `apiUrl`, or null without a project id (the
 * service answers only with one). The id is path-encoded: an id from outside cannot leave the route.
 * @example apiImageUrl(options, 'getTokenImage', 'USDC') // 'https://api.web3modal.org/public/getTokenImage/USDC?projectId=…'
 */
export function apiImageUrl(options: Pick<ResolvedOptions, 'apiUrl' | 'projectId' | 'sdkType' | 'sdkVersion'>, kind: ApiImageKind, id: string): string | null {
  if (!options.projectId || !id) return null
  return buildUrl(options.apiUrl, `/public/${kind}/${encodeURIComponent(id)}`, projectParams(options))
}
