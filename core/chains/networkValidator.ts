import { array, atLeast, atMost, boolean, frozen, integer, minLength, number, object, oneOf, optional, refine, string, union, type Validator } from '../options/validator.js'
import { isCaipNetworkId } from './caip.js'
import { isHttpUrl } from './format.js'
import { CHAIN_NAMESPACES, type Network } from './types.js'

const INVALID_URL = 'Invalid url'
const httpUrl = refine(string(), isHttpUrl, INVALID_URL)
const wsUrl = refine(string(), (value) => value.startsWith('ws://') || value.startsWith('wss://'), INVALID_URL)
const transports = (minHttp: number) => frozen(object({ http: frozen(array(httpUrl, minHttp)), webSocket: optional(frozen(array(wsUrl))) }))
const text = string(minLength(1))

const fields = frozen(
  object<Network>({
    id: union<number | string>(number(integer, atLeast(0), atLeast(Number.MIN_SAFE_INTEGER), atMost(Number.MAX_SAFE_INTEGER)), text),
    name: text,
    chainNamespace: oneOf(CHAIN_NAMESPACES),
    caipNetworkId: refine(string(), isCaipNetworkId, 'Invalid CAIP network id'),
    nativeCurrency: frozen(object({ name: text, symbol: text, decimals: number(integer, atLeast(0), atMost(255)) })),
    rpcUrls: frozen(object({ default: transports(1), chainDefault: optional(transports(0)) })),
    assets: optional(frozen(object({ imageId: optional(string()), imageUrl: optional(string()) }))),
    blockExplorers: optional(frozen(object({ default: frozen(object({ name: text, url: httpUrl })) }))),
    testnet: optional(boolean),
  }),
)

/**
 * core/chains/networkSchema.ts without zod, for the options `createAirlock` checks before the first
 * render (issue #7): the same fields, stripping, freezing, cross-field checks and messages. A
 * property test holds the two together; change both or neither.
 */
export const networkValidator: Validator<Network> = (value, path, issues) => {
  const [status, network] = fields(value, path, issues)
  if (status === 2) return [2, network]
  // The id, namespace and CAIP id are stored redundantly; a mismatch would send a request to one chain
  // while the UI shows another, so they must agree exactly.
  let result = status
  if (network.chainNamespace === 'eip155' && typeof network.id !== 'number') {
    issues.push({ path: [...path, 'id'], message: 'EVM network ids are numbers' })
    result = 1
  }
  const expected = `${network.chainNamespace}:${network.id}`
  if (network.caipNetworkId !== expected) {
    issues.push({ path: [...path, 'caipNetworkId'], message: `caipNetworkId must be ${expected.length > 80 ? 'namespace:id' : expected}` })
    result = 1
  }
  return [result, network]
}
