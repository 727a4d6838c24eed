import { z } from 'zod'
import { rpcRequestSchema } from './rpcRequestSchema.js'

/**
 * SPEC 3 "Messages between the page and the secure frame": every message is
 * `{ id?, type, payload? }`. App to frame: `@airlock-app/<NAME>`; frame to app:
 * `@airlock-frame/<NAME>_SUCCESS` / `_ERROR` replies (same id), plus
 * `@airlock-frame/SESSION_UPDATE` and `@airlock-frame/READY`.
 */
export const APP_PREFIX = '@airlock-app/'
export const FRAME_PREFIX = '@airlock-frame/'

/** Bounded primitives: nothing from the other side may be arbitrarily long. */
const short = z.string().max(256)
export const frameEmailSchema = z.string().max(254).email()
export const frameOtpSchema = z.string().regex(/^[0-9A-Za-z]{4,12}$/, 'Invalid code')
export const frameChainIdSchema = z.union([z.string().min(1).max(64), z.number().int().nonnegative().safe()])
/** An EVM (0x + 40 hex) or Solana (base58, 32 to 44) address. */
export const frameAddressSchema = z.string().regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'Invalid address')
export const accountTypeSchema = z.enum(['eoa', 'smartAccount'])
/** SPEC 5 social providers with a redirect flow (farcaster has its own messages). */
export const FRAME_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type FrameSocialProvider = (typeof FRAME_SOCIAL_PROVIDERS)[number]
const httpsUrl = z
  .string()
  .max(2048)
  .url()
  .refine((value) => /^https:\/\//i.test(value) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(value), 'Invalid url')
const empty = z.undefined()

/** SPEC 3 "User payload". */
export const frameUserSchema = z.object({
  email: frameEmailSchema.nullable().optional(),
  address: frameAddressSchema,
  chainId: frameChainIdSchema,
  accounts: z.array(z.object({ address: frameAddressSchema, type: accountTypeSchema })).max(32).optional(),
  userName: short.nullable().optional(),
  preferredAccountType: accountTypeSchema.optional(),
  smartAccountDeployed: z.boolean().optional(),
})
export type FrameUser = z.infer<typeof frameUserSchema>

/** What the page may ask, by name: the payload schema of each request. */
export const APP_PAYLOADS = {
  SWITCH_NETWORK: z.object({ chainId: frameChainIdSchema }),
  CONNECT_EMAIL: z.object({ email: frameEmailSchema }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: z.object({ otp: frameOtpSchema }),
  CONNECT_SOCIAL: z.object({ uri: httpsUrl, preferredAccountType: accountTypeSchema.optional(), chainId: frameChainIdSchema.optional() }),
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: empty,
  GET_USER: z
    .object({ chainId: frameChainIdSchema.optional(), preferredAccountType: accountTypeSchema.optional(), socialUri: httpsUrl.optional() })
    .optional(),
  GET_SOCIAL_REDIRECT_URI: z.object({ provider: z.enum(FRAME_SOCIAL_PROVIDERS) }),
  SIGN_OUT: empty,
  IS_CONNECTED: z.object({ token: z.string().max(4096).optional() }).optional(),
  GET_CHAIN_ID: empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: empty,
  INIT_SMART_ACCOUNT: empty,
  SET_PREFERRED_ACCOUNT: z.object({ type: accountTypeSchema }),
  RPC_REQUEST: rpcRequestSchema,
  /**
   * The page stopped waiting for a signing request (modal closed, disconnect, timeout): the frame
   * drops its approval for request `id` (every open one without an id), so nothing the page gave
   * up on can still be approved and sent. Not in SPEC 3's list; the best-known kit's frame has it.
   */
  RPC_ABORT: z.object({ id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/) }).optional(),
  UPDATE_EMAIL: z.object({ email: frameEmailSchema }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp: frameOtpSchema }),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp: frameOtpSchema }),
  SYNC_THEME: z.object({
    themeMode: z.enum(['light', 'dark']).optional(),
    themeVariables: z.record(z.union([z.string().max(256), z.number()])).optional(),
    w3mThemeVariables: z.record(z.string().max(256)).optional(),
  }),
  SYNC_DAPP_DATA: z.object({
    metadata: z
      .object({ name: short, description: z.string().max(1024), url: z.string().max(2048), icons: z.array(z.string().max(2048)).max(8) })
      .optional(),
    sdkVersion: short,
    sdkType: short,
    projectId: short,
  }),
  RELOAD: empty,
} as const

/** What each request answers with on success (SPEC 3 "Success payloads"). */
export const SUCCESS_PAYLOADS = {
  SWITCH_NETWORK: z.object({ chainId: frameChainIdSchema }),
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: empty,
  CONNECT_SOCIAL: frameUserSchema.extend({ userName: short.nullable().optional() }),
  GET_FARCASTER_URI: z.object({ url: httpsUrl }),
  CONNECT_FARCASTER: z.object({ userName: short }),
  GET_USER: frameUserSchema,
  GET_SOCIAL_REDIRECT_URI: z.object({ uri: httpsUrl }),
  SIGN_OUT: empty,
  IS_CONNECTED: z.object({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.object({ chainId: frameChainIdSchema }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number().int().nonnegative().safe()).max(256) }),
  INIT_SMART_ACCOUNT: z.object({ address: frameAddressSchema, isDeployed: z.boolean() }),
  SET_PREFERRED_ACCOUNT: z.object({ type: accountTypeSchema, address: frameAddressSchema }),
  /** The JSON-RPC result as the method defines it; callers validate it for their method. */
  RPC_REQUEST: z.unknown(),
  RPC_ABORT: empty,
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: empty,
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: frameEmailSchema }),
  SYNC_THEME: empty,
  SYNC_DAPP_DATA: empty,
  RELOAD: empty,
} as const satisfies Record<keyof typeof APP_PAYLOADS, z.ZodTypeAny>

/**
 * SPEC 8 "Frame error replies show their message". `code` is the EIP-1193 error code when there
 * is one: 4001 when the person rejected the request inside the frame.
 */
export const errorPayloadSchema = z.object({ message: z.string().max(1024), code: z.number().int().safe().optional() })
export const sessionUpdatePayloadSchema = z.object({ token: z.string().min(1).max(8192) })
export const readyPayloadSchema = z.object({ version: short.optional() }).optional()

export type FrameRequestName = keyof typeof APP_PAYLOADS
export const FRAME_REQUEST_NAMES = Object.keys(APP_PAYLOADS) as FrameRequestName[]

/** The `payload` key is optional exactly when its schema accepts undefined. */
type WithPayload<T, P> = undefined extends P ? T & { readonly payload?: P } : T & { readonly payload: P }

export type AppPayload<N extends FrameRequestName> = z.output<(typeof APP_PAYLOADS)[N]>
export type SuccessPayload<N extends FrameRequestName> = z.output<(typeof SUCCESS_PAYLOADS)[N]>

/** A request from the page to the frame. */
export type AppMessage<N extends FrameRequestName = FrameRequestName> = {
  [K in N]: WithPayload<{ readonly id?: string; readonly type: `${typeof APP_PREFIX}${K}` }, AppPayload<K>>
}[N]

export type FrameSuccessMessage<N extends FrameRequestName = FrameRequestName> = {
  [K in N]: WithPayload<{ readonly id?: string; readonly type: `${typeof FRAME_PREFIX}${K}_SUCCESS` }, SuccessPayload<K>>
}[N]
export type FrameErrorMessage<N extends FrameRequestName = FrameRequestName> = {
  [K in N]: { readonly id?: string; readonly type: `${typeof FRAME_PREFIX}${K}_ERROR`; readonly payload: { readonly message: string; readonly code?: number } }
}[N]
export type FrameSessionUpdateMessage = { readonly id?: string; readonly type: `${typeof FRAME_PREFIX}SESSION_UPDATE`; readonly payload: { readonly token: string } }
export type FrameReadyMessage = { readonly id?: string; readonly type: `${typeof FRAME_PREFIX}READY`; readonly payload?: { readonly version?: string } }

/** Anything the frame may send the page. */
export type FrameMessage = FrameSuccessMessage | FrameErrorMessage | FrameSessionUpdateMessage | FrameReadyMessage
