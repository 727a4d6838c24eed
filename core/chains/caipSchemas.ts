import { z } from 'zod'
import { INVALID_ADDRESS, INVALID_NETWORK_ID, isCaipAddress, isCaipNetworkId } from './caip.js'

// Apart from caip.ts so the parsers stay zod-free: `airlock` re-exports both modules, and a zod
// import in one that loads before the first render would put zod in the page's initial JavaScript
// (issue #7). Code that loads lazily may use these.

/** Zod schema for a CAIP address at the edges (options, storage, frame messages). */
export const caipAddressSchema = z.string().refine(isCaipAddress, { message: INVALID_ADDRESS })

/** Zod schema for a CAIP network id at the edges (options, storage, frame messages). */
export const caipNetworkIdSchema = z.string().refine(isCaipNetworkId, { message: INVALID_NETWORK_ID })
