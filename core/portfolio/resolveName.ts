import { z } from 'zod'
import type { HttpClient } from '../api/createHttpClient.js'
import { HttpError } from '../api/errors.js'
import { nameErrors } from './names.js'

const profile = z.object({ addresses: z.record(z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }).passthrough()).catch({}) }).passthrough()

/**
 * The EVM address a name points to (SPEC 7 `GET /v1/profile/account/{name}`): the one registered
 * for `coinType`, else Ethereum's (60), else the first. Throws 'Error resolving name' (or the API's
 * first reason) when it cannot tell.
 * @example await resolveName(http, 'alice.airlock.id', 2147514985, params) // '0xf39F…'
 */
export async function resolveName(http: HttpClient, name: string, coinType: number, params: Record<string, string | null>): Promise<string> {
  let answer: z.infer<typeof profile>
  try {
    answer = await http.get({ path: `/v1/profile/account/${encodeURIComponent(name.toLowerCase())}`, params, schema: profile })
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Error(`No address for ${name}`)
    throw new Error(nameErrors.resolve)
  }
  const entry = answer.addresses[String(coinType)] ?? answer.addresses['60'] ?? Object.values(answer.addresses)[0]
  if (!entry) throw new Error(nameErrors.resolve)
  return entry.address
}
