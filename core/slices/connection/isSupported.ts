import type { ResolvedOptions } from '../../options/resolveOptions.js'

// Its own module, not the reducer's: the lazy sign-in epics use it, and importing it from the
// reducer would put the whole reducer in a chunk shared with them rather than the entry chunk,
// which gzips worse (issue #7).

/** True when the network is one of the app's networks. */
export function isSupported(options: ResolvedOptions, caipNetworkId: string): boolean {
  return options.networks.some((network) => network.caipNetworkId === caipNetworkId)
}
