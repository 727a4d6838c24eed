import type { CaipNetworkId } from '../chains/types.js'

/**
 * The fields of a sign-in message (SPEC 3 "Sign-in message"). Times are RFC 3339 strings
 * (`2026-01-01T00:00:00.000Z`), kept as text so a parsed message formats back byte for byte.
 */
export interface SiwxMessageData {
  /** The account, without its chain: `0xabc…`, a Solana base58 key, a Bitcoin address. */
  readonly accountAddress: string
  /** CAIP-2: `eip155:1`, `solana:5eykt4…`, `bip122:000000000019d6689c085ae165831e93`. */
  readonly chainId: CaipNetworkId
  /** The page's host, with its port when it has one (`dapp.example`, `127.0.0.1:5173`). */
  readonly domain: string
  readonly uri: string
  /** Always `'1'` (EIP-4361). */
  readonly version: string
  /** At least 8 alphanumerics, from a CSPRNG, used once. */
  readonly nonce: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  readonly statement?: string
  readonly resources?: readonly string[]
}

/** A message as a config hands it to the flow: its fields, and the text the wallet signs. */
export interface SiwxMessage extends SiwxMessageData {
  toString(): string
}

/** What the flow passes to `createMessage`: who signs, on which chain, from which page. */
export interface SiwxMessageInput {
  readonly accountAddress: string
  readonly chainId: CaipNetworkId
  /** The page's host (SPEC: the domain is the page's host). */
  readonly domain: string
  /** The page's URL (origin and path, never query or hash). */
  readonly uri: string
  /** RFC 3339, from the store's scheduler (the injected clock). */
  readonly issuedAt: string
}

/** CAIP-74 object capability, as one-click auth (WalletConnect `authenticate`) returns it. */
export interface Cacao {
  readonly h: { readonly t: string }
  readonly p: Readonly<Record<string, unknown>> & { readonly iss: string; readonly domain: string; readonly nonce: string; readonly aud: string; readonly iat: string }
  readonly s: { readonly t: string; readonly s: string; readonly m?: string }
}

/** SPEC 3 "Session": the message, its signature and its fields. Kept by the config, never in state. */
export interface SiwxSession {
  readonly data: SiwxMessageData
  readonly message: string
  readonly signature: string
  readonly cacao?: Cacao
}

/**
 * The pluggable sign-in back end (`createAirlock({ siwx })`). Airlock calls it; it decides
 * what a message says, where sessions live and whether a signature is good.
 * @example createAirlock({ networks, siwx: createDefaultSiwx({ required: true }) })
 */
export interface SiwxConfig {
  createMessage(input: SiwxMessageInput): Promise<SiwxMessage>
  /** Verifies and keeps a freshly signed session; rejects (and keeps nothing) when it is not valid. */
  addSession(session: SiwxSession): Promise<void>
  /** The valid sessions of one account on one chain (none: the sign-in view opens). */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session (one-click auth hands over several at once; `[]` signs out). */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /** Required: cancelling disconnects and the modal cannot be closed without a session. */
  getRequired(): boolean
}

/** The legacy SIWE session shape. */
export interface SiweSession {
  readonly address: string
  readonly chainId: number
}

/** The parameters a legacy `siweConfig.createMessage` receives (EIP-4361 field names). */
export interface SiweCreateMessageArgs {
  readonly address: string
  readonly chainId: number
  readonly domain: string
  readonly uri: string
  readonly version: string
  readonly nonce: string
  readonly statement?: string
  readonly iat?: string
  readonly exp?: string
  readonly nbf?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}

/**
 * The legacy `siweConfig` shape (EVM only), adapted onto SiwxConfig by `fromSiweConfig`.
 * @example createAirlock({ siweConfig: { getNonce, verifyMessage, getSession, signOut } })
 */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  verifyMessage(args: { message: string; signature: string; cacao?: Cacao }): Promise<boolean>
  getSession(): Promise<SiweSession | null>
  signOut(): Promise<boolean>
  /** Overrides the domain, uri, statement, times and resources of new messages. */
  getMessageParams?(): Promise<Partial<Pick<SiweCreateMessageArgs, 'domain' | 'uri' | 'statement' | 'iat' | 'exp' | 'nbf' | 'requestId' | 'resources'>>>
  /** Formats the text to sign (default: EIP-4361). */
  createMessage?(args: SiweCreateMessageArgs): string
  onSignIn?(session?: SiweSession): void
  onSignOut?(): void
  /** Default true, as in the rival kits' SIWE: cancelling disconnects. */
  required?: boolean
}
