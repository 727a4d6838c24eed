import { z } from 'zod'
import { networkSchema } from '../chains/networkSchema.js'
import { siweConfigSchema, siwxConfigSchema } from '../siwx/siwxConfigSchema.js'
import type { SiweConfig, SiwxConfig } from '../siwx/types.js'
import { ACCOUNT_TYPES, HOST_URL_PATTERN, LOCALE_TAG } from './optionsValidator.js'
import { featuresInputSchema } from './featuresInputSchema.js'
import { CLEARTEXT_HOST_MESSAGE, isSecureOrLoopbackUrl } from './serviceUrl.js'

const hostUrl = z
  .string()
  .url()
  .refine((value) => HOST_URL_PATTERN.test(value), 'Invalid url')
  .refine(isSecureOrLoopbackUrl, CLEARTEXT_HOST_MESSAGE)
const accountType = z.enum(ACCOUNT_TYPES)

/**
 * The host's options as a zod schema: the public contract, for hosts and docs. `createAirlock`
 * checks the same with core/options/optionsValidator.ts (no zod before the first render, issue #7);
 * a property test keeps the two agreeing.
 */
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
    /** `system` (or leaving it out) follows the device's light or dark setting. */
    themeMode: z.enum(['light', 'dark', 'system']).optional(),
    themeVariables: z.record(z.union([z.string(), z.number()])).optional(),
    /** The views' language, a BCP 47 tag (`es`, `zh-CN`, `ar`); one Airlock has no catalogue for shows English. */
    locale: z.string().regex(LOCALE_TAG).optional(),
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
    /** On-ramp providers the site holds an account with: the aggregator (SPEC 9) is offered only with the site's public key. */
    onrampProviders: z.object({ meld: z.object({ publicKey: z.string().trim().min(1), url: hostUrl.optional() }).strict().optional() }).strict().optional(),
    /** The site's terms and privacy pages, linked under the connect methods (and in the legal checkbox, `features.legalCheckbox`). */
    termsConditionsUrl: hostUrl.optional(),
    privacyPolicyUrl: hostUrl.optional(),
    /** Extra allowed origins checked before the remote list (wildcards allowed). */
    allowedOrigins: z.array(z.string()).optional(),
    /** Tokens shown without a project id, by CAIP-2 network: `{ 'eip155:1': [{ address: '0x…' }] }`. */
    tokens: z.record(z.array(z.object({ address: z.string() }))).optional(),
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
