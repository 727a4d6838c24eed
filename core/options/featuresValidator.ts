import { CONNECT_METHODS, SOCIAL_PROVIDERS, unique, WALLET_FEATURES } from './features.js'
import type { FeaturesOutput } from './featuresInputSchema.js'
import { array, boolean, minLength, object, oneOf, refine, string, union, type Validator } from './validator.js'

const list = union<boolean | string[]>(boolean, array(string(minLength(1))))
const order = <T extends string>(values: readonly T[], message: string) => refine(array(oneOf(values), 1), unique, message)

/**
 * core/options/featuresInputSchema.ts without zod (issue #7): every field optional (an absent or
 * undefined value passes), unknown keys rejected. A property test holds the two together.
 */
export const featuresValidator: Validator<FeaturesOutput> = object<FeaturesOutput>(
  {
    email: boolean,
    socials: union<boolean | string[]>(boolean, array(oneOf(SOCIAL_PROVIDERS))),
    swaps: list,
    onramp: list,
    activity: boolean,
    history: boolean,
    reownBranding: boolean,
    analytics: boolean,
    receive: boolean,
    send: boolean,
    allWallets: boolean,
    legalCheckbox: boolean,
    smartSessions: boolean,
    collapseWallets: boolean,
    pay: boolean,
    emailShowWallets: boolean,
    connectMethodsOrder: order(CONNECT_METHODS, 'Duplicate connect method'),
    walletFeaturesOrder: order(WALLET_FEATURES, 'Duplicate wallet feature'),
  },
  'strict',
  true,
)
