import bs58 from 'bs58'
import { defer, map, throwError, type Observable } from 'rxjs'
import { isSignedMessage } from '../../chains/format.js'
import type { ChainNamespace } from '../../chains/types.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'

const NO_SIGNATURE = 'The wallet returned no valid signature'
/** A BIP-137 signature is 65 bytes and a BIP-322 witness a few hundred; base64 of more is not one. */
const MAX_BITCOIN_SIGNATURE = 2_048

/**
 * Asks the connected wallet to sign the message text, the way its family signs messages:
 * `personal_sign` (UTF-8 as hex) for EVM; `solana_signMessage` (UTF-8 bytes as base58, an ed25519
 * signature back in base58) for Solana; `signMessage` (the wallet's default protocol: BIP-137 or
 * BIP-322, base64 back) for Bitcoin. Other namespaces: SPEC 8 "Adapter for namespace {x} doesn't
 * exist". The answer's shape is checked before anything trusts it (verifySiwx checks the rest).
 * @example signWithWallet(provider, 'eip155', message.toString(), '0xf39F…')
 */
export function signWithWallet(provider: Eip1193Provider, namespace: ChainNamespace, text: string, address: string): Observable<string> {
  switch (namespace) {
    case 'eip155':
      return defer(() => provider.request({ method: 'personal_sign', params: [utf8ToHex(text), address] })).pipe(
        map((signature) => {
          // SPEC 5: a signed message is 0x plus at least 62 hex characters.
          if (!isSignedMessage(signature)) throw new BaseError(NO_SIGNATURE)
          return signature as string
        }),
      )
    case 'solana':
      return defer(() => provider.request({ method: 'solana_signMessage', params: { message: bs58.encode(new TextEncoder().encode(text)), pubkey: address } })).pipe(
        map((answer) => {
          const signature = (answer as { signature?: unknown } | null)?.signature
          if (typeof signature !== 'string' || signature.length > 100 || decodes(signature) !== 64) throw new BaseError(NO_SIGNATURE)
          return signature
        }),
      )
    case 'bip122':
      return defer(() => provider.request({ method: 'signMessage', params: { address, message: text } })).pipe(
        map((answer) => {
          const signature = (answer as { signature?: unknown } | null)?.signature
          if (typeof signature !== 'string' || signature.length === 0 || signature.length > MAX_BITCOIN_SIGNATURE || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) throw new BaseError(NO_SIGNATURE)
          return signature
        }),
      )
    default:
      return throwError(() => new BaseError(`Adapter for namespace ${namespace} doesn't exist`))
  }
}

/** The byte length of a base58 string, or -1 when it is not one. */
function decodes(value: string): number {
  try {
    return bs58.decode(value).length
  } catch {
    return -1
  }
}

function utf8ToHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
