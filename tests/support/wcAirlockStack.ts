import { afterAll, beforeAll } from 'vitest'
import { startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { startRelay, type Relay } from '../../examples/devnet/relay.js'
import { useEvmStack, type EvmStack } from './evmStack.js'
import { startTogether } from './startTogether.js'
import { closeProvider, recordOutboundRequests, type OutboundRecorder } from './wcOffline.js'
import type { WcWallet } from './wcWallet.js'

/** A provider a test made, closed (socket, heartbeat, global core) after the file. */
export type OpenProvider = Parameters<typeof closeProvider>[0]

export interface WcAirlockStack<P extends OpenProvider = OpenProvider> {
  /** Two anvil chains and the app's networks on them. */
  readonly stack: EvmStack
  readonly relay: Relay
  /** The cloud APIs (project config, origins, analytics) answer locally too. */
  readonly gateway: Gateway
  /** Wallets and providers the tests open; all closed after the file. */
  readonly wallets: WcWallet[]
  readonly providers: { provider: P; prefix: string }[]
}

/**
 * The WalletConnect integration files' stack: anvil, the local relay and gateway, and the check
 * that nothing leaves 127.0.0.1 (recorded for the file, restored after). Read inside tests.
 * @example const wc = useWcAirlockStack(); test('…', () => createWcWallet({ relayUrl: wc.relay.url, … }))
 */
export function useWcAirlockStack<P extends OpenProvider = OpenProvider>(): WcAirlockStack<P> & { readonly outbound: OutboundRecorder } {
  const getStack = useEvmStack()
  let stack: EvmStack | undefined
  let relay: Relay | undefined
  let gateway: Gateway | undefined
  let outbound: OutboundRecorder | undefined
  const wallets: WcWallet[] = []
  const providers: { provider: P; prefix: string }[] = []
  beforeAll(async () => {
    stack = getStack()
    outbound = recordOutboundRequests()
    ;[relay, gateway] = await startTogether([startRelay(), startGateway({ host: '127.0.0.1' })])
  })
  afterAll(async () => {
    for (const wallet of wallets.splice(0)) await wallet.close().catch(() => {})
    for (const { provider, prefix } of providers.splice(0)) await closeProvider(provider, prefix)
    await relay?.close()
    await gateway?.close()
    outbound?.restore()
  })
  return {
    get stack() {
      return stack!
    },
    get relay() {
      return relay!
    },
    get gateway() {
      return gateway!
    },
    get outbound() {
      return outbound!
    },
    wallets,
    providers,
  }
}
