/**
 * `airlock/siwx`: sign in with the wallet. Messages (EIP-4361, CAIP-122), the default config,
 * the legacy siweConfig adapter, one-click auth, and `verifySiwx` for host back ends.
 * The chain-specific signature code loads only when a signature of that chain is verified.
 */
export { createSiwxMessage, createSiwxTemplate, formatSiwxMessage, INVALID_MESSAGE, SIWX_BLOCKCHAIN_NAMES } from './formatSiwxMessage.js'
export { MAX_SIWX_MESSAGE_LENGTH, parseSiwxMessage } from './parseSiwxMessage.js'
export type { ParseSiwxMessageResult } from './parseSiwxMessage.js'
export { isSiwxDomain, LINE_BREAK, SIWX_NAMESPACES, siwxMessageDataSchema } from './siwxMessageSchema.js'
export type { SiwxNamespace } from './siwxMessageSchema.js'
export { createNonce, NONCE_LENGTH } from './createNonce.js'
export { createNonceLedger } from './nonceLedger.js'
export type { NonceConsumeResult, NonceLedgerParameters, NonceStore } from './nonceLedger.js'
export { createSiwxVerifier, verifySiwx } from './verifySiwx.js'
export type { SiwxVerifier, SiwxVerifierOptions, SiwxVerifyFailureReason, SiwxVerifyResult, VerifySiwxParameters } from './verifySiwx.js'
export { createDefaultSiwx, DEFAULT_SESSION_MS } from './createDefaultSiwx.js'
export { createServerSiwx, SIWX_CSRF_HEADER } from './createServerSiwx.js'
export type { CreateServerSiwxParameters } from './createServerSiwx.js'
export type { CreateDefaultSiwxParameters } from './createDefaultSiwx.js'
export { createLocalSessionStore, SIWX_SESSIONS_KEY } from './createLocalSessionStore.js'
export type { SiwxSessionStore } from './createLocalSessionStore.js'
export { fromSiweConfig, SIWE_EVM_ONLY_MESSAGE } from './fromSiweConfig.js'
export { authenticateWithUniversalProvider, ONE_CLICK_METHODS } from './authenticateWithUniversalProvider.js'
export type { AuthenticateWithUniversalProviderParameters, UniversalAuthenticateParams, UniversalProviderLike } from './authenticateWithUniversalProvider.js'
export { SIWX_ERRORS } from '../slices/siwx/siwxErrors.js'
export type { Cacao, SiweConfig, SiweCreateMessageArgs, SiweSession, SiwxConfig, SiwxMessage, SiwxMessageData, SiwxMessageInput, SiwxSession } from './types.js'
