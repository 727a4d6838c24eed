import { defer, map, throwError, type Observable } from 'rxjs'
import { isSignedMessage } from '../../chains/format.js'
import type { ChainNamespace } from '../../chains/types.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'

/**
 * Asks the connected wallet to sign the message text: `personal_sign` (UTF-8 as hex) for EVM.
 * Other namespaces sign through their own adapters, which Airlock does not ship yet (SPEC 8
 * "Adapter for namespace {x} doesn't exist"). The answer is checked before anything trusts it.
 * @example signWithWallet(provider, 'eip155', message.toString(), '0xf39F…')
 */
export function signWithWallet(provider: Eip1193Provider, namespace: ChainNamespace, text: string, address: string): Observable<string> {
  if (namespace !== 'eip155') return throwError(() => new BaseError(`Adapter for namespace ${namespace} doesn't exist`))
  return defer(() => provider.request({ method: 'personal_sign', params: [utf8ToHex(text), address] })).pipe(
    map((signature) => {
      // SPEC 5: a signed message is 0x plus at least 62 hex characters.
      if (!isSignedMessage(signature)) throw new BaseError('The wallet returned no valid signature')
      return signature as string
    }),
  )
}

function utf8ToHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
