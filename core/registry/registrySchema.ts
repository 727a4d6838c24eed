import { z } from 'zod'
import { safeWalletLink } from './safeWalletLink.js'
import type { RegistryWallet } from './types.js'

const ID = /^[\w.:-]{1,128}$/
const CHAIN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** Long names are cut here; the view truncates further with CSS. */
export const MAX_WALLET_NAME = 100

const idOrNull = z.unknown().transform((v) => (typeof v === 'string' && ID.test(v) ? v : null))

/**
 * One wallet of `/getWallets` (SPEC 3). Required fields must be right; optional ones that are
 * wrong become null (a bad link must not hide the wallet, only the link).
 */
export const registryWalletSchema: z.ZodType<RegistryWallet, z.ZodTypeDef, unknown> = z
  .object({
    id: z.string().regex(ID),
    name: z.string().trim().min(1),
    image_id: idOrNull,
    mobile_link: z.unknown().transform((v) => safeWalletLink(v, 'app', { allowLoopbackHttp: true })),
    desktop_link: z.unknown().transform((v) => safeWalletLink(v, 'app', { allowLoopbackHttp: true })),
    webapp_link: z.unknown().transform((v) => safeWalletLink(v, 'web', { allowLoopbackHttp: true })),
    rdns: idOrNull,
    chains: z.unknown().transform((v) => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string' && CHAIN.test(c)).slice(0, 64) : [])),
  })
  .transform((w) => ({ ...w, name: Array.from(w.name).slice(0, MAX_WALLET_NAME).join('') }))

/**
 * A `/getWallets` page: `count` and `data` must be there; a malformed wallet inside is dropped
 * (one bad entry must not empty the list).
 */
export const walletPageSchema = z
  .object({ count: z.number().int().nonnegative(), data: z.array(z.unknown()).max(1_000) })
  .transform(({ count, data }) => ({
    count,
    wallets: data.flatMap((item) => {
      const parsed = registryWalletSchema.safeParse(item)
      return parsed.success ? [parsed.data] : []
    }),
  }))

export type WalletPage = z.output<typeof walletPageSchema>
