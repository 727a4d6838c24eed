import { createTestWallet, TEST_WALLET_INFO, type CreateTestWalletParameters, type TestWallet } from './testWallet.js'

/** What installTestWallet needs of a Playwright page (playwright-core's or @playwright/test's `Page`). */
export interface PlaywrightPageLike {
  exposeFunction(name: string, callback: (...args: never[]) => unknown): Promise<unknown>
  addInitScript(script: (arg: Record<string, string>) => void, arg: Record<string, string>): Promise<unknown>
  evaluate(pageFunction: (arg: readonly [string, unknown]) => void, arg: readonly [string, unknown]): Promise<unknown>
}

const WALLET_EVENTS = ['accountsChanged', 'chainChanged', 'disconnect'] as const

/**
 * Puts a test wallet (or one made from `options`) into a Playwright page as an EIP-6963 wallet:
 * the page side is a thin EIP-1193 proxy whose requests cross to Node with `exposeFunction`,
 * where a viem account signs against your chain's RPC. Wallet events cross back with
 * `evaluate`. Call it before `page.goto`; it survives reloads (an init script).
 * @example const { wallet } = await installTestWallet(page, { privateKey, chains: { 31337: 'http://127.0.0.1:8545' } })
 */
export async function installTestWallet(page: PlaywrightPageLike, walletOrOptions: TestWallet | CreateTestWalletParameters, info: Record<string, string> = TEST_WALLET_INFO): Promise<{ wallet: TestWallet; lastParams: Map<string, unknown> }> {
  const wallet = 'call' in walletOrOptions ? walletOrOptions : createTestWallet(walletOrOptions)
  const lastParams = new Map<string, unknown>()
  await page.exposeFunction('__airlockTestWalletCall', (method: string, params: unknown) => {
    lastParams.set(method, params)
    return wallet.call(method, params)
  })
  await page.addInitScript((walletInfo) => {
    type Envelope = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    const call = (window as unknown as { __airlockTestWalletCall: (m: string, p: unknown) => Promise<Envelope> }).__airlockTestWalletCall
    const listeners = new Map<string, Set<(payload: unknown) => void>>()
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        const envelope = await call(method, params)
        if (envelope.error) throw Object.assign(new Error(envelope.error.message), envelope.error)
        return envelope.result
      },
      on(event: string, listener: (payload: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
      },
      removeListener(event: string, listener: (payload: unknown) => void) {
        listeners.get(event)?.delete(listener)
      },
    }
    ;(window as unknown as { __airlockTestWalletEmit: (e: string, p: unknown) => void }).__airlockTestWalletEmit = (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
    }
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...walletInfo }), provider }) }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, info)
  for (const event of WALLET_EVENTS) {
    wallet.on(event, (payload) => {
      // A reload may be in progress; the next page announces afresh.
      page.evaluate(([name, data]) => (window as unknown as { __airlockTestWalletEmit?: (e: string, p: unknown) => void }).__airlockTestWalletEmit?.(name as string, data), [event, payload] as const).catch(() => {})
    })
  }
  return { wallet, lastParams }
}
