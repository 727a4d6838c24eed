import type { Page } from 'playwright-core'
import type { BitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'

/**
 * Puts the Node Bitcoin test wallet into the page the way sats-connect wallets arrive: a provider
 * object on `window` (at `UnfamiliarBtc.BitcoinProvider`) named in `window.btc_providers`. Its
 * `request(method, params)` crosses to Node (`exposeFunction`), where the wallet signs with real
 * regtest keys against the dev stack's Esplora stand-in; `accountChange` events cross back.
 * Survives reloads.
 */
export async function injectBitcoinWallet(page: Page, wallet: BitcoinTestWallet, info: { name: string; icon: string }): Promise<void> {
  await page.exposeFunction('__airlockBitcoinCall', (method: string, params: unknown) => wallet.request(method, params))
  wallet.on('accountChange', (accounts) => {
    void page.evaluate((list) => (window as unknown as { __airlockBitcoinEmit?: (a: unknown) => void }).__airlockBitcoinEmit?.(list), accounts).catch(() => {})
  })
  await page.addInitScript((walletInfo) => {
    const listeners = new Set<(payload: unknown) => void>()
    const w = window as unknown as Record<string, unknown>
    w.__airlockBitcoinEmit = (accounts: unknown) => {
      for (const listener of [...listeners]) listener({ type: 'accountChange', addresses: accounts })
    }
    const call = w.__airlockBitcoinCall as (method: string, params: unknown) => Promise<unknown>
    w.UnfamiliarBtc = {
      BitcoinProvider: {
        request: (method: string, params?: unknown) => call(method, params ?? {}),
        addListener: (event: string, listener: (payload: unknown) => void) => {
          if (event !== 'accountChange') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
    }
    w.btc_providers = [{ id: 'UnfamiliarBtc.BitcoinProvider', name: walletInfo.name, icon: walletInfo.icon, webUrl: 'https://wallet.invalid' }]
  }, info)
}
