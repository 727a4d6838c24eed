import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { parseCaipAddress } from '../chains/caip.js'
import { historyResponse, identityResponse, nftResponse, reverseResponse } from './portfolioSchemas.js'
import { serviceOrigin, serviceParams } from './serviceParams.js'
import type { ActivityTransaction, Identity, Nft } from './types.js'

interface ReadParameters {
  readonly state: AirlockState
  readonly deps: AirlockDeps
  readonly key: string
  readonly signal: AbortSignal
}

/** SPEC issue 14 deliver 8: what Activity says without a project id. */
export const DATA_SERVICE_NEEDED_MESSAGE = 'Activity needs the data service: set a projectId'

/**
 * The NFTs an account holds on one network (`key`: CAIP-10), from the data service; none without
 * a project id (there is no chain-only way to list them).
 * @example await readNfts({ state, deps, key: 'eip155:1:0xabc…', signal })
 */
export async function readNfts({ state, deps, key, signal }: ReadParameters): Promise<Nft[]> {
  if (!state.options.projectId) return []
  const { chainNamespace, chainId, address } = parseCaipAddress(key)
  return deps.http.blockchain.get({
    path: `/v1/account/${encodeURIComponent(address)}/nfts`,
    params: { chainId: `${chainNamespace}:${chainId}`, ...serviceParams(state) },
    schema: nftResponse(serviceOrigin(deps)),
    signal,
  })
}

/**
 * One page of an account's history on one network (SPEC 7): `key` is `caip2|address`, `cursor`
 * the page (null for the first).
 * @example await readHistory({ state, deps, key: 'eip155:1|0xabc…', cursor: null, signal })
 */
export async function readHistory({ state, deps, key, cursor, signal }: ReadParameters & { cursor: string | null }): Promise<{ transactions: ActivityTransaction[]; next: string | null }> {
  if (!state.options.projectId) throw new Error(DATA_SERVICE_NEEDED_MESSAGE)
  const [chainId, address] = key.split('|') as [string, string]
  return deps.http.blockchain.get({
    path: `/v1/account/${encodeURIComponent(address)}/history`,
    params: { chainId, ...(cursor ? { cursor } : {}), ...serviceParams(state) },
    schema: historyResponse(serviceOrigin(deps)),
    signal,
  })
}

/**
 * The name and avatar of an address (SPEC 7): `GET /v1/identity/{address}` (`sender` the connected
 * account) and, side by side, the names registered to it in the name service
 * (`GET /v1/profile/reverse/{address}`), as AppKit shows a reown.id name where the identity
 * service (ENS) has none. The identity's name wins; a failed reverse read only loses its names;
 * a failed identity read still shows a registered name. None without a project id.
 * @example await readIdentity({ state, deps, key: '0xabc…', signal }) // { name: 'alice.airlock.id', avatar: null }
 */
export async function readIdentity({ state, deps, key, signal }: ReadParameters): Promise<Identity> {
  if (!state.options.projectId) return { name: null, avatar: null }
  const sender = state.connection.namespaces.eip155?.caipAddress?.split(':')[2]
  const [identity, names] = await Promise.all([
    deps.http.blockchain
      .get({ path: `/v1/identity/${encodeURIComponent(key)}`, params: { ...(sender ? { sender } : {}), ...serviceParams(state) }, schema: identityResponse(serviceOrigin(deps)), signal })
      .then((value) => ({ value }), (error: unknown) => ({ error })),
    deps.http.blockchain.get({ path: `/v1/profile/reverse/${encodeURIComponent(key)}`, params: serviceParams(state), schema: reverseResponse, signal }).catch(() => []),
  ])
  const registered = names[0]?.name ?? null
  if ('error' in identity) {
    if (registered) return { name: registered, avatar: null }
    throw identity.error
  }
  return { name: identity.value.name ?? registered, avatar: identity.value.avatar }
}
