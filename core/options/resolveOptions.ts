import { z } from 'zod'
import { BaseError } from '../errors/BaseError.js'
import { networkSchema } from '../chains/networks.js'
import type { Network, ChainNamespace } from '../chains/types.js'
import { ethereum } from '../chains/networks.js'
import { SDK_TYPE, SDK_VERSION } from '../constants/limits.js'
import { explicitRemoteFeatures, featuresInputSchema, resolveFeatures, type Features, type RemoteFeatureKey } from './features.js'
import { fromSiweConfig } from '../siwx/fromSiweConfig.js'
import { siweConfigSchema, siwxConfigSchema } from '../siwx/siwxConfigSchema.js'
import type { SiweConfig, SiwxConfig } from '../siwx/types.js'

/** Default service hosts (SPEC 7: hosts are options, never hard-coded in logic). */
export const DEFAULT_HOSTS = {
  apiUrl: 'https://api.web3modal.org',
  blockchainApiUrl: 'https://rpc.walletconnect.org',
  analyticsUrl: 'https://pulse.walletconnect.org',
  secureSiteUrl: 'https://secure.walletconnect.org',
  relayUrl: 'wss://relay.walletconnect.org',
} as const

const hostUrl = z.string().url().refine((value) => /^(https?|wss?):\/\//.test(value), 'Invalid url')
const accountType = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal'])


export const optionsSchema = z
  .object({
    projectId: z.string().trim().min(1).optional(),
    networks: z.array(networkSchema).min(1).optional(),
    defaultNetwork: networkSchema.optional(),
    metadata: z
      .object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) })
      .partial()
      .optional(),
    features: featuresInputSchema.optional(),
    themeMode: z.enum(['light', 'dark']).optional(),
    themeVariables: z.record(z.union([z.string(), z.number()])).optional(),
    featuredWalletIds: z.array(z.string()).optional(),
    includeWalletIds: z.array(z.string()).optional(),
    excludeWalletIds: z.array(z.string()).optional(),
    /** Wallet exclusion by reverse-domain id or name (SPEC 6). */
    excludeWallets: z.array(z.string()).optional(),
    allowUnsupportedChain: z.boolean().optional(),
    defaultAccountTypes: z.record(accountType).optional(),
    debug: z.boolean().optional(),
    enableWalletConnect: z.boolean().optional(),
    enableWalletGuide: z.boolean().optional(),
    enableWallets: z.boolean().optional(),
    enableEIP6963: z.boolean().optional(),
    enableNetworkSwitch: z.boolean().optional(),
    enableAuthLogger: z.boolean().optional(),
    /** Render the modal inline instead of as an overlay. */
    enableEmbedded: z.boolean().optional(),
    /** Do not append the modal to document.body (the host places it). */
    disableAppend: z.boolean().optional(),
    apiUrl: hostUrl.optional(),
    blockchainApiUrl: hostUrl.optional(),
    analyticsUrl: hostUrl.optional(),
    secureSiteUrl: hostUrl.optional(),
    relayUrl: hostUrl.optional(),
    /** Extra allowed origins checked before the remote list (wildcards allowed). */
    allowedOrigins: z.array(z.string()).optional(),
    logSize: z.number().int().min(1).max(100_000).optional(),
    sdkType: z.string().optional(),
    sdkVersion: z.string().optional(),
    /** Sign-in configs hold functions: their shape is checked here, and they stay out of state. */
    siweConfig: siweConfigSchema.optional(),
    siwx: siwxConfigSchema.optional(),
  })
  .strict()

/** The host's options; the sign-in configs typed by their interfaces (objects or class instances). */
export type AirlockOptions = Omit<z.input<typeof optionsSchema>, 'siwx' | 'siweConfig'> & { siwx?: SiwxConfig; siweConfig?: SiweConfig }

/** The serializable, fully-defaulted options that live in `getState().options`. */
export interface ResolvedOptions {
  projectId: string | null
  networks: Network[]
  defaultNetwork: Network
  metadata: { name?: string; description?: string; url?: string; icons?: string[] }
  features: Features
  /** Remote-decidable features the host set itself: a remote config ignores these (with a warning). */
  localFeatureKeys: RemoteFeatureKey[]
  themeMode: 'light' | 'dark' | null
  themeVariables: Record<string, string | number>
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  excludeWallets: string[]
  allowUnsupportedChain: boolean
  defaultAccountTypes: Record<ChainNamespace, string>
  debug: boolean
  enableWalletConnect: boolean
  enableWalletGuide: boolean
  enableWallets: boolean
  enableEIP6963: boolean
  enableNetworkSwitch: boolean
  enableAuthLogger: boolean
  enableEmbedded: boolean
  disableAppend: boolean
  apiUrl: string
  blockchainApiUrl: string
  analyticsUrl: string
  secureSiteUrl: string
  relayUrl: string
  allowedOrigins: string[]
  logSize: number
  sdkType: string
  sdkVersion: string
  /** Sign-in is configured (the config object itself is kept outside state). */
  siwxEnabled: boolean
}

export const SIWX_CONFLICT_MESSAGE = 'Cannot set both `siweConfig` and `siwx` options'

/**
 * Validates the host's options and applies SPEC 1 defaults.
 * @example const { options } = resolveOptions({ projectId: 'abc', networks: [mainnet] })
 */
export function resolveOptions(input: AirlockOptions = {}): {
  options: ResolvedOptions
  siwx: SiwxConfig | undefined
} {
  if (input && typeof input === 'object' && 'siweConfig' in input && 'siwx' in input && input.siweConfig && input.siwx) {
    throw new BaseError(SIWX_CONFLICT_MESSAGE)
  }
  const parsed = optionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')
    throw new BaseError(`Invalid options: ${details}`, { details, cause: parsed.error })
  }
  const o = parsed.data
  const networks = (o.networks ?? [ethereum]) as Network[]
  const defaultNetwork = (o.defaultNetwork ?? networks[0]!) as Network
  return {
    // The host's own object, not zod's copy: a class instance keeps its prototype and `this`.
    siwx: input.siwx ? (input.siwx as unknown as SiwxConfig) : input.siweConfig ? fromSiweConfig(input.siweConfig as unknown as SiweConfig) : undefined,
    options: {
      projectId: o.projectId ?? null,
      networks,
      defaultNetwork,
      metadata: o.metadata ?? {},
      features: resolveFeatures(o.features),
      localFeatureKeys: explicitRemoteFeatures(o.features),
      themeMode: o.themeMode ?? null,
      themeVariables: o.themeVariables ?? {},
      featuredWalletIds: o.featuredWalletIds ?? [],
      includeWalletIds: o.includeWalletIds ?? [],
      excludeWalletIds: o.excludeWalletIds ?? [],
      excludeWallets: o.excludeWallets ?? [],
      allowUnsupportedChain: o.allowUnsupportedChain ?? false,
      defaultAccountTypes: { eip155: 'smartAccount', solana: 'eoa', bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa', ...o.defaultAccountTypes },
      debug: o.debug ?? true,
      enableWalletConnect: o.enableWalletConnect ?? true,
      enableWalletGuide: o.enableWalletGuide ?? true,
      enableWallets: o.enableWallets ?? true,
      enableEIP6963: o.enableEIP6963 ?? true,
      enableNetworkSwitch: o.enableNetworkSwitch ?? true,
      enableAuthLogger: o.enableAuthLogger ?? true,
      enableEmbedded: o.enableEmbedded ?? false,
      disableAppend: o.disableAppend ?? false,
      apiUrl: trimSlash(o.apiUrl ?? DEFAULT_HOSTS.apiUrl),
      blockchainApiUrl: trimSlash(o.blockchainApiUrl ?? DEFAULT_HOSTS.blockchainApiUrl),
      analyticsUrl: trimSlash(o.analyticsUrl ?? DEFAULT_HOSTS.analyticsUrl),
      secureSiteUrl: trimSlash(o.secureSiteUrl ?? DEFAULT_HOSTS.secureSiteUrl),
      relayUrl: trimSlash(o.relayUrl ?? DEFAULT_HOSTS.relayUrl),
      allowedOrigins: o.allowedOrigins ?? [],
      logSize: o.logSize ?? 1000,
      sdkType: o.sdkType ?? SDK_TYPE,
      sdkVersion: o.sdkVersion ?? SDK_VERSION,
      siwxEnabled: Boolean(o.siwx ?? o.siweConfig),
    },
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
