import { z } from 'zod'
import { caipNetworkIdSchema } from './caipSchemas.js'
import { isHttpUrl } from './format.js'
import { CHAIN_NAMESPACES } from './types.js'
import type { Network } from './types.js'

const httpUrl = z.string().refine(isHttpUrl, { message: 'Invalid url' })
const wsUrl = z.string().refine((value) => value.startsWith('ws://') || value.startsWith('wss://'), { message: 'Invalid url' })
const transports = z.object({ http: z.array(httpUrl).readonly(), webSocket: z.array(wsUrl).readonly().optional() })

/**
 * Validates a host-supplied network (SPEC 3 fields). Unknown keys are stripped on purpose:
 * networks live in state and actions, so viem-style extras (contracts, formatter functions)
 * must not ride along. A default RPC is required because every transport starts from it.
 * The input type stays structural (not `unknown`) so hosts get type errors on their options.
 * @example networkSchema.parse(ethereum)
 */
export const networkSchema = z
  .object({
    id: z.union([z.number().int().nonnegative().safe(), z.string().min(1)]),
    name: z.string().min(1),
    chainNamespace: z.enum(CHAIN_NAMESPACES),
    caipNetworkId: caipNetworkIdSchema,
    nativeCurrency: z
      .object({ name: z.string().min(1), symbol: z.string().min(1), decimals: z.number().int().min(0).max(255) })
      .readonly(),
    rpcUrls: z
      .object({
        default: transports.extend({ http: z.array(httpUrl).min(1).readonly() }).readonly(),
        chainDefault: transports.readonly().optional(),
      })
      .readonly(),
    assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).readonly().optional(),
    blockExplorers: z
      .object({ default: z.object({ name: z.string().min(1), url: httpUrl }).readonly() })
      .readonly()
      .optional(),
    testnet: z.boolean().optional(),
  })
  .readonly()
  .superRefine((network, ctx) => {
    // The id, namespace and CAIP id are stored redundantly; a mismatch would send a request to one chain
    // while the UI shows another, so they must agree exactly.
    if (network.chainNamespace === 'eip155' && typeof network.id !== 'number') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['id'], message: 'EVM network ids are numbers' })
    }
    const expected = `${network.chainNamespace}:${network.id}`
    if (network.caipNetworkId !== expected) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['caipNetworkId'],
        message: `caipNetworkId must be ${expected.length > 80 ? 'namespace:id' : expected}`,
      })
    }
  }) satisfies z.ZodType<Network, z.ZodTypeDef, unknown>
