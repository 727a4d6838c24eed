import type { IncomingMessage, ServerResponse } from 'node:http'
import { getAddress, isAddress, verifyMessage, type Address, type Hex, type PublicClient } from 'viem'
import { z } from 'zod'
import { readBody } from './httpServer.js'

/** The dev registry's zone: every name is `<label>.airlock.id` (SPEC 9: an id domain of the provider). */
export const DEV_NAME_ZONE = 'airlock.id'
/** SPEC 5: letters, digits and hyphens, at least 4 characters. */
const LABEL = /^[a-zA-Z0-9-]{4,63}$/
/** How far a registration's timestamp may be from the registry's clock. */
const MAX_SKEW_S = 600

/** A name as the registry answers it (`GET /v1/profile/account/{name}`). */
export interface NameProfile {
  readonly name: string
  readonly registered: number
  readonly updated: number
  readonly addresses: Record<string, { readonly address: Address; readonly created: number }>
  readonly attributes: Record<string, string>
}

export interface NameRegistry {
  /** Clients that check ERC-1271 signatures of smart accounts, by EVM chain id (EOAs are checked without one). */
  setClients(clients: ReadonlyMap<number, PublicClient>): void
  route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean>
  /** Every registered name (tests). */
  readonly names: ReadonlyMap<string, NameProfile>
}

const registration = z.object({
  coin_type: z.number().int().nonnegative(),
  address: z.string().refine((a) => isAddress(a), 'Invalid address'),
  message: z.string().max(2_000),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,4096}$/),
})
const messageSchema = z.object({ name: z.string().max(100), attributes: z.record(z.string().max(200)).optional(), timestamp: z.number().int() })

/** ENSIP-11: an EVM chain's coin type is 0x80000000 | chain id; Ethereum mainnet keeps SLIP-44's 60. */
export function chainIdOfCoinType(coinType: number): number | null {
  if (coinType === 60) return 1
  return coinType >= 0x80000000 ? coinType - 0x80000000 : null
}

/**
 * The profile (name) service of SPEC 7 for the dev stack, in memory: `POST /v1/profile/account`
 * registers `<label>.airlock.id` for the address that signed the registration message (EIP-191,
 * or ERC-1271 through the chain's client), `GET /v1/profile/account/{name}`, `/reverse/{address}`,
 * `/suggestions/{name}?zone=`, and `GET /v1/identity/{address}` (name and avatar). Refusals carry
 * `reasons: [{ description }]`, the first of which clients show (SPEC 8).
 * @example const names = createNameRegistry(); startGateway({ routes: names.route })
 */
export function createNameRegistry(now: () => number = () => Math.floor(Date.now() / 1000)): NameRegistry {
  const names = new Map<string, NameProfile>()
  let clients: ReadonlyMap<number, PublicClient> = new Map()
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, status: number, description: string) => answer(res, status, { reasons: [{ description }] })
  const byAddress = (address: string) => [...names.values()].filter((p) => Object.values(p.addresses).some((a) => a.address.toLowerCase() === address.toLowerCase()))

  const register = async (req: IncomingMessage, res: ServerResponse) => {
    const parsed = registration.safeParse(await readJson(req))
    if (!parsed.success) return refuse(res, 400, 'Invalid registration')
    const { coin_type, message, signature } = parsed.data
    const address = getAddress(parsed.data.address)
    let content: z.infer<typeof messageSchema>
    try {
      content = messageSchema.parse(JSON.parse(message))
    } catch {
      return refuse(res, 400, 'Invalid registration message')
    }
    const label = content.name.endsWith(`.${DEV_NAME_ZONE}`) ? content.name.slice(0, -DEV_NAME_ZONE.length - 1) : null
    if (label === null || !LABEL.test(label)) return refuse(res, 400, `Names are letters, digits and hyphens, at least 4, in .${DEV_NAME_ZONE}`)
    if (Math.abs(now() - content.timestamp) > MAX_SKEW_S) return refuse(res, 400, 'Registration message expired')
    const chainId = chainIdOfCoinType(coin_type)
    const client = chainId === null ? undefined : clients.get(chainId)
    const valid = await (client ? client.verifyMessage({ address, message, signature: signature as Hex }) : verifyMessage({ address, message, signature: signature as Hex })).catch(() => false)
    if (!valid) return refuse(res, 401, 'Invalid signature')
    const name = content.name.toLowerCase()
    if (names.has(name)) return refuse(res, 409, 'Name is already taken')
    const at = now()
    const profile: NameProfile = { name, registered: at, updated: at, addresses: { [String(coin_type)]: { address, created: at } }, attributes: content.attributes ?? {} }
    names.set(name, profile)
    return answer(res, 200, profile)
  }

  return {
    names,
    setClients(next) {
      clients = next
    },
    async route(req, url, res) {
      const path = url.pathname
      if (req.method === 'POST' && path === '/v1/profile/account') {
        await register(req, res)
        return true
      }
      if (req.method !== 'GET') return false
      const segment = (prefix: string) => (path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : null)
      const name = segment('/v1/profile/account/')
      if (name !== null) {
        const profile = names.get(name.toLowerCase())
        if (profile) answer(res, 200, profile)
        else refuse(res, 404, 'Name not found')
        return true
      }
      const reverse = segment('/v1/profile/reverse/')
      if (reverse !== null) {
        if (!isAddress(reverse)) refuse(res, 400, 'Invalid address')
        else answer(res, 200, byAddress(reverse))
        return true
      }
      const suggest = segment('/v1/profile/suggestions/')
      if (suggest !== null) {
        const zone = url.searchParams.get('zone') ?? DEV_NAME_ZONE
        const base = suggest.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 50)
        if (!LABEL.test(base) || zone !== DEV_NAME_ZONE) {
          refuse(res, 400, LABEL.test(base) ? `Unknown zone ${zone.slice(0, 40)}` : 'Names are letters, digits and hyphens, at least 4')
          return true
        }
        const candidates = [base, `${base}-1`, `${base}-dev`, `the-${base}`].map((label) => `${label}.${zone}`)
        answer(res, 200, { suggestions: candidates.map((candidate) => ({ name: candidate, registered: names.has(candidate) })) })
        return true
      }
      const identity = segment('/v1/identity/')
      if (identity !== null) {
        if (!isAddress(identity)) refuse(res, 400, 'Invalid address')
        else answer(res, 200, { name: byAddress(identity)[0]?.name ?? null, avatar: byAddress(identity)[0]?.attributes['avatar'] ?? null })
        return true
      }
      return false
    },
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  return JSON.parse(await readBody(req, 16_384))
}
