import { ed25519 } from '@noble/curves/ed25519'
import { Connection, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, test } from 'vitest'
import { verifySiwx } from '../../core/siwx/verifySiwx.js'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { formatBalance } from '../../core/format/formatBalance.js'
import { SOLANA_DEMO_LAMPORTS, SOLANA_DEMO_RECIPIENT } from '../../examples/react-dapp/SolanaActions.js'
import { createSolanaTestWallet } from '../../examples/devnet/wallets/solanaTestWallet.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { injectSolanaWallet } from './injectSolanaWallet.js'
import { recordStatuses, reloadConnected } from './statusRecorder.js'
import { signInWith, storedSession } from './signInWith.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 13 in real Chromium: the demo dapp with an unfamiliar Solana wallet registered through the
 * Wallet Standard's window events (found by @wallet-standard/app in the page), its key in Node,
 * signing against the dev stack's litesvm cluster.
 */
const dapp = useDappHarness()
const step = stepWithScreenshot('e2e-solana-')

describe('a Solana Wallet Standard wallet in the demo (Chromium)', { timeout: 60_000 }, () => {
  test('behavior: listed by its name, connects, shows its SOL balance, is confirmed silently after a reload, signs and sends through the demo\'s buttons', async () => {
    const rpcUrl = dapp.devnet.urls.solana
    const wallet = createSolanaTestWallet({ name: 'Unfamiliar Sol', rpcUrls: { [airlockSolanaLocal.caipNetworkId]: rpcUrl } })
    // The shim lands a transaction when it answers.
    const connection = new Connection(rpcUrl, 'confirmed')
    await connection.requestAirdrop(wallet.keypair.publicKey, 3 * LAMPORTS_PER_SOL)
    const address = wallet.keypair.publicKey.toBase58()
    const { page, errors } = await dapp.openDapp(dapp.newWallet(5), '', async (p) => {
      await injectSolanaWallet(p, wallet)
      await recordStatuses(p)
    })
    await step(page, 'connect', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const row = page.getByRole('dialog').getByRole('button', { name: /Unfamiliar Sol/ })
      await screenshot(page, 'e2e-solana-wallet-list')
      await row.click()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
      await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
      await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/^3(\.0+)? SOL$/)
      expect(wallet.requests).toEqual([{ kind: 'connect' }])
      await screenshot(page, 'e2e-solana-connected')
    })
    await step(page, 'reload', async () => {
      // Never connected on the stored address alone: the wallet confirmed it first.
      await reloadConnected(page)
      expect(wallet.requests).toEqual([{ kind: 'connect' }])
      expect(await page.getByTestId('address').textContent()).toBe(address)
    })
    await step(page, 'sign', async () => {
      await page.getByTestId('solana-sign-message').click()
      const result = page.getByTestId('solana-sign-message-result')
      await expect.poll(() => result.getAttribute('data-state')).toBe('ok')
      const signed = wallet.requests.at(-1)
      expect(signed?.kind).toBe('signMessage')
      const message = (signed as { message: Uint8Array }).message
      expect(ed25519.verify(bs58.decode((await result.textContent())!), message, wallet.keypair.publicKey.toBytes())).toBe(true)
    })
    await step(page, 'send', async () => {
      const recipient = new PublicKey(SOLANA_DEMO_RECIPIENT)
      const before = await connection.getBalance(recipient, 'confirmed')
      await page.getByTestId('solana-send').click()
      const result = page.getByTestId('solana-send-result')
      await expect.poll(() => result.getAttribute('data-state'), { timeout: 10_000 }).toBe('ok')
      expect(bs58.decode((await result.textContent())!)).toHaveLength(64)
      expect(await connection.getBalance(recipient, 'confirmed')).toBe(before + SOLANA_DEMO_LAMPORTS)
      // The page shows the sender's new balance (0.01 SOL and the fee less).
      const lamports = await connection.getBalance(wallet.keypair.publicKey, 'confirmed')
      expect(lamports).toBeLessThan(3 * LAMPORTS_PER_SOL - SOLANA_DEMO_LAMPORTS)
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(`${formatBalance(String(lamports), 9)} SOL`)
      await screenshot(page, 'e2e-solana-sent')
    })
    await step(page, 'wallet disconnects', async () => {
      await (wallet.features['standard:disconnect'] as { disconnect(): Promise<void> }).disconnect()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    })
    expect(errors).toEqual([])
  })

  test('behavior: one wallet with EVM and Solana (EIP-6963 and the Wallet Standard, one name) is one row, and one click connects both', async () => {
    const rpcUrl = dapp.devnet.urls.solana
    const evm = dapp.newWallet(4)
    const solana = createSolanaTestWallet({ name: 'Airlock Test Wallet', rpcUrls: { [airlockSolanaLocal.caipNetworkId]: rpcUrl } })
    const { page, errors } = await dapp.openDapp(evm, '', (p) => injectSolanaWallet(p, solana))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const rows = page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ })
    await expect.poll(() => page.evaluate(() => (window as unknown as { airlock: { getState(): { connectors: { list: { namespace: string }[] } } } }).airlock.getState().connectors.list.filter((c) => c.namespace === 'solana').length)).toBe(1)
    // The state lists the connector before the modal's lazy list has drawn its row (a loaded CI machine, stop 33).
    await expect.poll(() => rows.count()).toBe(1)
    await screenshot(page, 'e2e-solana-multichain-list')
    await rows.click()
    const namespaces = () =>
      page.evaluate(() => {
        const { namespaces } = (window as unknown as { airlock: { getState(): { connection: { namespaces: Record<string, { status: string; caipAddress: string | null }> } } } }).airlock.getState().connection
        return Object.fromEntries(Object.entries(namespaces).map(([ns, c]) => [ns, c.status === 'connected' ? c.caipAddress : c.status]))
      })
    await expect.poll(namespaces).toEqual({ eip155: `eip155:31337:${evm.address}`, solana: `${airlockSolanaLocal.caipNetworkId}:${solana.keypair.publicKey.toBase58()}` })
    expect(solana.requests).toEqual([{ kind: 'connect' }])
    expect(evm.calls['eth_requestAccounts']).toBe(1)
    expect(errors).toEqual([])
  })

  test('behavior: sign-in required (?siwx=required): the Sign In view opens after the connect, the wallet signs the Solana CAIP-122 message, and the back end verifies it', async () => {
    const rpcUrl = dapp.devnet.urls.solana
    const wallet = createSolanaTestWallet({ name: 'Unfamiliar Sol', rpcUrls: { [airlockSolanaLocal.caipNetworkId]: rpcUrl } })
    const { page, errors } = await dapp.openDapp(dapp.newWallet(3), '&siwx=required', (p) => injectSolanaWallet(p, wallet))
    await signInWith(page, /Unfamiliar Sol/)
    expect(wallet.requests.map((r) => r.kind)).toEqual(['connect', 'signMessage'])
    const stored = await storedSession(page)
    const base = { message: stored.message, signature: stored.signature, nonce: stored.data.nonce, chainId: airlockSolanaLocal.caipNetworkId, now: Date.now() }
    expect(stored.message).toContain('wants you to sign in with your Solana account:')
    expect(await verifySiwx({ ...base, domain: new URL(dapp.devnet.urls.dapp).host })).toEqual({ ok: true, address: wallet.keypair.publicKey.toBase58(), chainId: airlockSolanaLocal.caipNetworkId })
    expect(errors).toEqual([])
  })
})
