import type { QueryParams } from '../api/createHttpClient.js'
import { buildUrl } from '../api/createHttpClient.js'
import type { ResolvedOptions } from '../options/resolveOptions.js'

/** What one `/getWallets` call asks for (SPEC 7), on top of the app's own filters. */
export interface WalletQuery {
  readonly page: number
  readonly entries: number
  readonly search?: string
  /** Replaces the app's `includeWalletIds` (featured wallets are fetched by id). */
  readonly include?: readonly string[]
  /** Only wallets with this registry badge (sent as `badge_type`). */
  readonly badge?: WalletBadge
}

/** The registry's wallet badges (SPEC 7 `badge_type`). */
export type WalletBadge = 'certified'

type QueryOptions = Pick<ResolvedOptions, 'projectId' | 'sdkType' | 'sdkVersion' | 'includeWalletIds' | 'excludeWalletIds' | 'networks'>

/** SPEC 7: the project id and the sdk type and version go in every registry query. */
export function projectParams(options: Pick<ResolvedOptions, 'projectId' | 'sdkType' | 'sdkVersion'>): QueryParams {
  return { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion }
}

/**
 * The query of one `/getWallets` call: paging, the host's include/exclude lists, and the chains
 * this app is configured for (so every wallet listed can connect to one of them).
 * @example walletQueryParams(options, { page: 2, entries: 40 })
 */
export function walletQueryParams(options: QueryOptions, query: WalletQuery): QueryParams {
  return {
    ...projectParams(options),
    page: query.page,
    entries: query.entries,
    search: query.search,
    badge_type: query.badge,
    include: query.include ?? options.includeWalletIds,
    exclude: options.excludeWalletIds,
    chains: options.networks.map((network) => network.caipNetworkId),
  }
}

/**
 * The URL of a wallet's image, built only from the configured `apiUrl` and an id the registry
 * schema checked; never a URL taken from outside.
 * @example walletImageUrl(options, 'abc123') // 'https://api…/getWalletImage/abc123?projectId=…'
 */
export function walletImageUrl(options: Pick<ResolvedOptions, 'apiUrl' | 'projectId' | 'sdkType' | 'sdkVersion'>, imageId: string): string {
  return buildUrl(options.apiUrl, `/getWalletImage/${encodeURIComponent(imageId)}`, projectParams(options))
}
