import type { CaipNetworkId } from '../chains/types.js'
import { BaseError } from '../errors/BaseError.js'
import { definedFields } from './definedFields.js'
import type { Cacao, SiwxConfig, SiwxMessageData, SiwxSession } from './types.js'

/** The part of WalletConnect's universal provider that one-click auth uses. */
export interface UniversalProviderLike {
  authenticate(params: UniversalAuthenticateParams): Promise<{ auths?: readonly Cacao[]; session?: unknown } | undefined>
  readonly client?: { formatAuthMessage?(params: { request: Cacao['p']; iss: string }): string }
}

/** SPEC 7: what a sign-in `authenticate` call sends. */
export interface UniversalAuthenticateParams {
  nonce: string
  domain: string
  uri: string
  exp?: string
  iat?: string
  nbf?: string
  requestId?: string
  version: string
  resources?: string[]
  statement?: string
  chainId: CaipNetworkId
  methods: string[]
  chains: CaipNetworkId[]
}

export interface AuthenticateWithUniversalProviderParameters {
  readonly provider: UniversalProviderLike
  readonly siwx: SiwxConfig
  /** Every chain the app requests; one-click auth needs them all to be eip155. */
  readonly chains: readonly CaipNetworkId[]
  readonly domain: string
  readonly uri: string
  /** RFC 3339, from the caller's clock. */
  readonly issuedAt: string
  /** Methods the session may call (default: personal_sign, eth_signTypedData_v4, eth_sendTransaction). */
  readonly methods?: readonly string[]
}

export const ONE_CLICK_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const

/**
 * One-click auth (SPEC 5, 7): connect and sign in with one WalletConnect `authenticate`, then
 * hand every signed CACAO to `siwx.setSessions`. Only when every requested chain is eip155;
 * otherwise it returns false and the usual connect-then-sign flow runs.
 * @example if (!(await authenticateWithUniversalProvider({ provider, siwx, chains, domain, uri, issuedAt }))) await connectThenSign()
 */
export async function authenticateWithUniversalProvider(parameters: AuthenticateWithUniversalProviderParameters): Promise<boolean> {
  const { provider, siwx, chains } = parameters
  const [first] = chains
  if (!first || !chains.every((chain) => chain.startsWith('eip155:'))) return false
  // The config issues the nonce and times; there is no account yet, so it answers with a template.
  const template = await siwx.createMessage({ accountAddress: '', chainId: first, domain: parameters.domain, uri: parameters.uri, issuedAt: parameters.issuedAt })
  const result = await provider.authenticate({
    nonce: template.nonce,
    domain: template.domain,
    uri: template.uri,
    version: template.version,
    chainId: template.chainId,
    methods: [...(parameters.methods ?? ONE_CLICK_METHODS)],
    chains: [...chains],
    ...definedFields({ exp: template.expirationTime, iat: template.issuedAt, nbf: template.notBefore, requestId: template.requestId, statement: template.statement, resources: template.resources ? [...template.resources] : undefined }),
  })
  const auths = result?.auths ?? []
  if (auths.length === 0) throw new BaseError('The wallet signed in without returning any signed message')
  const { formatSiwxMessage } = await import('./formatSiwxMessage.js')
  const sessions = auths.map((cacao): SiwxSession => {
    const data = dataOf(cacao, template.version)
    const message = provider.client?.formatAuthMessage?.({ request: cacao.p, iss: cacao.p.iss }) ?? formatSiwxMessage(data)
    return { data, message, signature: cacao.s.s, cacao }
  })
  await siwx.setSessions(sessions)
  return true
}

/** The fields of a CACAO payload (`iss` is `did:pkh:eip155:1:0xabc…`). */
function dataOf(cacao: Cacao, version: string): SiwxMessageData {
  const p = cacao.p
  const match = /^did:pkh:(eip155:[0-9]+):(0x[0-9a-fA-F]{40})$/.exec(p.iss)
  if (!match) throw new BaseError('The signed message names no EVM account', { details: String(p.iss).slice(0, 80) })
  const text = (key: string): string | undefined => (typeof p[key] === 'string' ? (p[key] as string) : undefined)
  const resources = Array.isArray(p['resources']) ? (p['resources'] as unknown[]).filter((r): r is string => typeof r === 'string') : undefined
  return {
    accountAddress: match[2]!,
    chainId: match[1] as CaipNetworkId,
    domain: p.domain,
    uri: p.aud,
    version: text('version') ?? version,
    nonce: p.nonce,
    issuedAt: p.iat,
    ...definedFields({ expirationTime: text('exp'), notBefore: text('nbf'), requestId: text('requestId'), statement: text('statement'), resources: resources?.length ? resources : undefined }),
  }
}
