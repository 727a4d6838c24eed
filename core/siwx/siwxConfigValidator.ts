import { boolean, fn, object, optional, type Validator } from '../options/validator.js'

/**
 * core/siwx/siwxConfigSchema.ts without zod, for `createAirlock`'s synchronous options check
 * (issue #7: zod and the sign-in code load lazily). Shape only: the caller keeps the host's own
 * object, so methods keep their `this`. A property test holds the two together.
 */
export const siwxConfigValidator: Validator = object(
  { createMessage: fn, addSession: fn, getSessions: fn, revokeSession: fn, setSessions: fn, getRequired: fn },
  'passthrough',
)

/** The legacy `siweConfig` option (EVM only). */
export const siweConfigValidator: Validator = object(
  {
    getNonce: fn,
    verifyMessage: fn,
    getSession: fn,
    signOut: fn,
    getMessageParams: optional(fn),
    createMessage: optional(fn),
    onSignIn: optional(fn),
    onSignOut: optional(fn),
    required: optional(boolean),
  },
  'passthrough',
)
