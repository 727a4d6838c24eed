import type { SiweConfig, SiwxConfig } from './types.js'

const ASYNC_METHODS = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'] as const

/**
 * `fromSiweConfig(siwe)`, with the adapter's code fetched on the first sign-in call rather than
 * at start-up (issue #7: `createAirlock` runs before the first render, sign-in code loads lazily).
 * Every method but `getRequired` is async already, so callers see the same results; `getRequired`
 * answers synchronously from the config, as the adapter does.
 * @example const siwx = lazySiweConfig({ getNonce, verifyMessage, getSession, signOut })
 */
export function lazySiweConfig(siwe: SiweConfig): SiwxConfig {
  let adapter: Promise<SiwxConfig> | undefined
  const config = { getRequired: () => siwe.required ?? true } as SiwxConfig
  for (const method of ASYNC_METHODS) {
    // Typed loosely on purpose: each method passes its own arguments straight through.
    ;(config as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method] = async (...args) => {
      adapter ??= import('./fromSiweConfig.js').then((m) => m.fromSiweConfig(siwe))
      const target = (await adapter) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
      return target[method]!(...args)
    }
  }
  return config
}
