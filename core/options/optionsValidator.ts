import { networkValidator } from '../chains/networkValidator.js'
import type { Network } from '../chains/types.js'
import { siweConfigValidator, siwxConfigValidator } from '../siwx/siwxConfigValidator.js'
import { featuresValidator } from './featuresValidator.js'
import type { AirlockOptions } from './optionsSchema.js'
import { CLEARTEXT_HOST_MESSAGE, isSecureOrLoopbackUrl } from './serviceUrl.js'
import { array, atLeast, atMost, boolean, integer, minLength, number, object, oneOf, optional, record, refine, string, typeIssue, union, type Validator } from './validator.js'

/** Service hosts: parseable URLs on http(s) or ws(s) only (no `javascript:` or `data:`); cleartext only to loopback. */
export const HOST_URL_PATTERN = /^(https?|wss?):\/\//
/** A BCP 47 language tag's shape (`es`, `zh-Hans-CN`, `pt_BR`): a language and up to four subtags. */
export const LOCALE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,4}$/
export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const

/** zod's `.url()`: whatever the URL constructor accepts. */
const parseableUrl = (value: string) => (URL.canParse(value) ? undefined : 'Invalid url')
/** Plain http: and ws: only to loopback (review L-10); checked in development, as every option is. */
const hostUrl = refine(refine(string(parseableUrl), (value) => HOST_URL_PATTERN.test(value), 'Invalid url'), isSecureOrLoopbackUrl, CLEARTEXT_HOST_MESSAGE)
const strings = array(string())

/** zod's `.trim().min(1)`: the value is trimmed first, and the trimmed value is the output. */
const projectId: Validator<string> = (value, path, issues) => {
  if (typeof value !== 'string') return typeIssue('string', value, path, issues)
  return string(minLength(1))(value.trim(), path, issues)
}

/** The options after the shape check, before defaults (zod's `z.output<typeof optionsSchema>`). */
export type CheckedOptions = Omit<AirlockOptions, 'networks' | 'defaultNetwork'> & { networks?: Network[]; defaultNetwork?: Network }

/**
 * `optionsSchema` (core/options/optionsSchema.ts) without zod: what `createAirlock` runs before the
 * first render (issue #7). Same keys, outputs and zod 3 messages; a property test checks that both
 * accept and reject the same inputs with the same issues. Change both or neither.
 */
export const optionsValidator: Validator<CheckedOptions> = object<CheckedOptions>(
  {
    projectId,
    networks: array(networkValidator, 1),
    defaultNetwork: networkValidator,
    metadata: object({ name: string(), description: string(), url: string(), icons: strings }, 'strip', true),
    features: featuresValidator,
    themeMode: oneOf(['light', 'dark', 'system']),
    themeVariables: record(union<string | number>(string(), number())),
    locale: string((value) => (LOCALE_TAG.test(value) ? undefined : 'Invalid')),
    featuredWalletIds: strings,
    includeWalletIds: strings,
    excludeWalletIds: strings,
    excludeWallets: strings,
    allowUnsupportedChain: boolean,
    defaultAccountTypes: record(oneOf(ACCOUNT_TYPES)),
    debug: boolean,
    enableWalletConnect: boolean,
    enableWalletGuide: boolean,
    enableWallets: boolean,
    enableEIP6963: boolean,
    enableNetworkSwitch: boolean,
    enableAuthLogger: boolean,
    enableEmbedded: boolean,
    disableAppend: boolean,
    apiUrl: hostUrl,
    blockchainApiUrl: hostUrl,
    analyticsUrl: hostUrl,
    secureSiteUrl: hostUrl,
    relayUrl: hostUrl,
    onrampProviders: object({ meld: object({ publicKey: projectId, url: optional(hostUrl) }, 'strict') }, 'strict', true),
    termsConditionsUrl: hostUrl,
    privacyPolicyUrl: hostUrl,
    allowedOrigins: strings,
    tokens: record(array(object({ address: string() }))),
    logSize: number(integer, atLeast(1), atMost(100_000)),
    sdkType: string(),
    sdkVersion: string(),
    siweConfig: siweConfigValidator,
    siwx: siwxConfigValidator,
  },
  'strict',
  true,
)
