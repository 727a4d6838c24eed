import { z } from 'zod'
import { CONNECT_METHODS, SOCIAL_PROVIDERS, unique, WALLET_FEATURES } from './features.js'

const listSchema = z.union([z.boolean(), z.array(z.string().min(1))])

/**
 * The features option as a host passes it: every field optional. The public contract (part of
 * `optionsSchema`); `createAirlock` checks the same with core/options/featuresValidator.ts, so zod
 * stays out of the page's initial JavaScript (issue #7).
 */
export const featuresInputSchema = z
  .object({
    email: z.boolean(),
    socials: z.union([z.boolean(), z.array(z.enum(SOCIAL_PROVIDERS))]),
    swaps: listSchema,
    onramp: listSchema,
    activity: z.boolean(),
    /** The legacy name of `activity`. */
    history: z.boolean(),
    reownBranding: z.boolean(),
    analytics: z.boolean(),
    receive: z.boolean(),
    send: z.boolean(),
    allWallets: z.boolean(),
    legalCheckbox: z.boolean(),
    smartSessions: z.boolean(),
    collapseWallets: z.boolean(),
    pay: z.boolean(),
    emailShowWallets: z.boolean(),
    connectMethodsOrder: z.array(z.enum(CONNECT_METHODS)).min(1).refine(unique, 'Duplicate connect method'),
    walletFeaturesOrder: z.array(z.enum(WALLET_FEATURES)).min(1).refine(unique, 'Duplicate wallet feature'),
  })
  .partial()
  .strict()

export type FeaturesInput = z.input<typeof featuresInputSchema>
/** The validated features, before defaults. */
export type FeaturesOutput = z.output<typeof featuresInputSchema>
