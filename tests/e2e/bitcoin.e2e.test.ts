import { networks, Psbt } from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { verifySiwx } from '../../core/siwx/verifySiwx.js'
import { airlockBitcoinRegtest } from '../../core/chains/networks.js'
import { formatBalance } from '../../core/format/formatBalance.js'
import { verifyBitcoinSignature } from '../../core/siwx/verifiers/verifyBitcoinSignature.js'
import { BITCOIN_DEMO_RECIPIENT, BITCOIN_DEMO_SATS } from '../../examples/react-dapp/BitcoinActions.js'
import { regtestScript } from '../../examples/devnet/bitcoin/regtestChain.js'
import { createBitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { injectBitcoinWallet } from './injectBitcoinWallet.js'
import { recordStatuses, reloadConnected } from './statusRecorder.js'
import { signInWith, storedSession } from './signInWith.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 13 in real Chromium: the demo dapp with an unfamiliar sats-connect Bitcoin wallet (named in
 * `window.btc_providers`, its keys in Node), against the dev stack's regtest Esplora stand-in.
 */
const dapp = useDappHarness()
const step = stepWithScreenshot('e2e-bitcoin-')
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIGZpbGw9IiNGNzkzMUEiLz48L3N2Zz4='

describe('a sats-connect Bitcoin wallet in the demo (Chromium)', { timeout: 60_000 }, () => {
  test('behavior: listed by its name, connects with the payment account, shows its BTC balance, is confirmed silently after a reload, signs and sends through the demo\'s buttons, and signs and broadcasts a PSBT', async () => {
    const esplora = dapp.devnet.urls.bitcoin
    const wallet = createBitcoinTestWallet({ apiUrl: esplora, seed: 42 })
    dapp.devnet.bitcoin.chain.fund(wallet.payment.address, 250_000n)
    const balanceOf = async (address: string) => {
      const { chain_stats: c, mempool_stats: m } = (await (await fetch(`${esplora}/address/${address}`)).json()) as Record<'chain_stats' | 'mempool_stats', { funded_txo_sum: number; spent_txo_sum: number }>
      return c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum
    }
    const { page, errors } = await dapp.openDapp(dapp.newWallet(6), '', async (p) => {
      await injectBitcoinWallet(p, wallet, { name: 'Unfamiliar BTC', icon: ICON })
      await recordStatuses(p)
    })
    await step(page, 'connect', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog').getByRole('button', { name: /Unfamiliar BTC/ }).click()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
      expect(await page.getByTestId('address').textContent()).toBe(wallet.payment.address)
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(`${formatBalance('250000', 8)} BTC`)
      expect(await page.getByTestId('chain').textContent()).toContain('Airlock Bitcoin Regtest')
      await screenshot(page, 'e2e-bitcoin-connected')
    })
    await step(page, 'reload', async () => {
      // Never connected on the stored address alone: the wallet confirmed it first.
      await reloadConnected(page)
      // Confirmed with wallet_getAccount: the person was asked once, at the first connect.
      expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts'])
    })
    await step(page, 'sign', async () => {
      await page.getByTestId('bitcoin-sign-message').click()
      const result = page.getByTestId('bitcoin-sign-message-result')
      await expect.poll(() => result.getAttribute('data-state')).toBe('ok')
      const { message } = wallet.requests.at(-1)!.params as { message: string }
      expect(await verifyBitcoinSignature({ chainId: airlockBitcoinRegtest.caipNetworkId, address: wallet.payment.address, message, signature: (await result.textContent())! })).toBe(true)
    })
    await step(page, 'send', async () => {
      const before = await balanceOf(BITCOIN_DEMO_RECIPIENT)
      await page.getByTestId('bitcoin-send').click()
      const result = page.getByTestId('bitcoin-send-result')
      await expect.poll(() => result.getAttribute('data-state'), { timeout: 10_000 }).toBe('ok')
      expect(await result.textContent()).toMatch(/^[0-9a-f]{64}$/)
      expect(await balanceOf(BITCOIN_DEMO_RECIPIENT)).toBe(before + BITCOIN_DEMO_SATS)
      const left = await balanceOf(wallet.payment.address)
      expect(left).toBeLessThan(250_000 - BITCOIN_DEMO_SATS)
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(`${formatBalance(String(left), 8)} BTC`)
      await screenshot(page, 'e2e-bitcoin-sent')
    })
    await step(page, 'psbt', async () => {
      // A PSBT a page built (here in Node, as a host's own code would), signed by the wallet through the page's provider and broadcast.
      const funding = dapp.devnet.bitcoin.chain.fund(wallet.payment.address, 60_000n)
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({ hash: funding.txid, index: funding.vout, witnessUtxo: { script: regtestScript(wallet.payment.address)!, value: 60_000n } })
      psbt.addOutput({ script: regtestScript(BITCOIN_DEMO_RECIPIENT)!, value: 20_000n })
      psbt.addOutput({ script: regtestScript(wallet.payment.address)!, value: 39_000n })
      const before = await balanceOf(BITCOIN_DEMO_RECIPIENT)
      const answer = await page.evaluate(
        ({ base64, address }) => (window as unknown as { airlock: { getProvider(ns: string): { request(args: unknown): Promise<unknown> } } }).airlock.getProvider('bip122').request({ method: 'signPsbt', params: { psbt: base64, signInputs: { [address]: [0] }, broadcast: true } }),
        { base64: psbt.toBase64(), address: wallet.payment.address },
      )
      expect((answer as { txid: string }).txid).toMatch(/^[0-9a-f]{64}$/)
      expect(await balanceOf(BITCOIN_DEMO_RECIPIENT)).toBe(before + 20_000)
    })
    await step(page, 'wallet disconnects', async () => {
      wallet.disconnect()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    })
    expect(errors).toEqual([])
  })

  test('behavior: sign-in required (?siwx=required): the wallet signs the Bitcoin CAIP-122 message with its payment address, and the back end verifies it', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: dapp.devnet.urls.bitcoin, seed: 43 })
    const { page, errors } = await dapp.openDapp(dapp.newWallet(3), '&siwx=required', (p) => injectBitcoinWallet(p, wallet, { name: 'Unfamiliar BTC', icon: ICON }))
    await signInWith(page, /Unfamiliar BTC/)
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts', 'signMessage'])
    const stored = await storedSession(page)
    expect(stored.message).toContain('wants you to sign in with your Bitcoin account:')
    const base = { message: stored.message, signature: stored.signature, nonce: stored.data.nonce, chainId: airlockBitcoinRegtest.caipNetworkId, now: Date.now() }
    expect(await verifySiwx({ ...base, domain: new URL(dapp.devnet.urls.dapp).host })).toEqual({ ok: true, address: wallet.payment.address, chainId: airlockBitcoinRegtest.caipNetworkId })
    expect(errors).toEqual([])
  })
})
