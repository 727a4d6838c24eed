import type { CaipNetworkId } from '../chains/types.js'
import { BaseError } from '../errors/BaseError.js'
import { definedFields } from './definedFields.js'
// Static: this module is itself loaded on demand (lazySiweConfig), and one dynamic entry fewer
// keeps the page's start-up modules in one shared chunk (see core/sharedChunk.ts).
import { createSiwxMessage, createSiwxTemplate } from './formatSiwxMessage.js'
import type { SiweConfig, SiweSession, SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession } from './types.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

export const SIWE_EVM_ONLY_MESSAGE = 'siweConfig signs in on EVM (eip155) chains only'

/**
 * Adapts the legacy `siweConfig` (getNonce, verifyMessage, getSession, signOut) onto the
 * SiwxConfig interface, the way rival kits map SIWE onto SIWX: the host's back end issues
 * nonces and verifies, and its one session is the account's session.
 * @example createAirlock({ siwx: fromSiweConfig({ getNonce, verifyMessage, getSession, signOut }) })
 */
export function fromSiweConfig(siwe: SiweConfig): SiwxConfig {
  const signOut = async (): Promise<void> => {
    await siwe.signOut()
    siwe.onSignOut?.()
  }
  const addSession = async (session: SiwxSession): Promise<void> => {
    const valid = await siwe.verifyMessage({ message: session.message, signature: session.signature, ...(session.cacao ? { cacao: session.cacao } : {}) })
    if (!valid) throw new BaseError('The signature was not accepted', { code: 'invalid_signature' })
    const current = await siwe.getSession()
    if (!current) throw new BaseError('No session after signing in', { code: 'no_session' })
    siwe.onSignIn?.(current)
  }
  return {
    async createMessage(input): Promise<SiwxMessage> {
      const chainId = evmChainId(input.chainId)
      type Params = Awaited<ReturnType<NonNullable<SiweConfig['getMessageParams']>>>
      const [params, nonce] = await Promise.all([siwe.getMessageParams?.() ?? Promise.resolve<Params>({}), siwe.getNonce(input.accountAddress || undefined)])
      const data: SiwxMessageData = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: params.domain ?? input.domain,
        uri: params.uri ?? input.uri,
        version: '1',
        nonce,
        issuedAt: params.iat ?? input.issuedAt,
        ...definedFields({ expirationTime: params.exp, notBefore: params.nbf, requestId: params.requestId, statement: params.statement, resources: params.resources }),
      }
      if (input.accountAddress === '') return createSiwxTemplate(data)
      const message = createSiwxMessage(data)
      if (!siwe.createMessage) return message
      const text = siwe.createMessage({
        address: data.accountAddress,
        chainId,
        domain: data.domain,
        uri: data.uri,
        version: data.version,
        nonce,
        ...definedFields({ statement: data.statement, iat: data.issuedAt, exp: data.expirationTime, nbf: data.notBefore, requestId: data.requestId, resources: data.resources }),
      })
      return { ...message, toString: () => text }
    },
    addSession,
    async getSessions(chainId, address) {
      if (!chainId.startsWith('eip155:')) return []
      const session = await siwe.getSession()
      return session && matches(session, chainId, address) ? [legacySession(session, chainId)] : []
    },
    revokeSession: () => signOut(),
    async setSessions(sessions) {
      // A SIWE back end knows one session: the first one signs in, none signs out.
      if (sessions[0]) await addSession(sessions[0])
      else await signOut()
    },
    getRequired: () => siwe.required ?? true,
  }
}

function evmChainId(chainId: CaipNetworkId): number {
  const match = /^eip155:([1-9][0-9]*)$/.exec(chainId)
  if (!match) throw new BaseError(SIWE_EVM_ONLY_MESSAGE, { details: `got ${chainId}` })
  return Number(match[1])
}

function matches(session: SiweSession, chainId: CaipNetworkId, address: string): boolean {
  return typeof session.address === 'string' && session.address.toLowerCase() === address.toLowerCase() && `eip155:${session.chainId}` === chainId
}

/** The back end keeps the message and signature; the page only learns who is signed in. */
function legacySession(session: SiweSession, chainId: CaipNetworkId): SiwxSession {
  return { data: { accountAddress: session.address, chainId, domain: '', uri: '', version: '1', nonce: '' }, message: '', signature: '' }
}
