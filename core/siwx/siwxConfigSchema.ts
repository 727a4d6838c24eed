import { z } from 'zod'

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'Expected function')

/**
 * The `siwx` option: an object (or class instance) with the SiwxConfig methods. Validated for
 * shape only; the caller keeps the original object, so methods keep their `this`.
 */
export const siwxConfigSchema = z
  .object({ createMessage: fn, addSession: fn, getSessions: fn, revokeSession: fn, setSessions: fn, getRequired: fn })
  .passthrough()

/** The legacy `siweConfig` option (EVM only). */
export const siweConfigSchema = z
  .object({
    getNonce: fn,
    verifyMessage: fn,
    getSession: fn,
    signOut: fn,
    getMessageParams: fn.optional(),
    createMessage: fn.optional(),
    onSignIn: fn.optional(),
    onSignOut: fn.optional(),
    required: z.boolean().optional(),
  })
  .passthrough()
