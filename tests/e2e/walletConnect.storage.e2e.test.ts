import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { STORAGE_RECOVERY_NOTICES } from '../../core/connectors/walletConnect/storageRecoveryEpic.js'
import { STORAGE_IN_MEMORY_MESSAGES } from '../../react/modal/views/ConnectingWalletConnect.js'
import { createWcWallet, type WcWallet } from '../support/wcWallet.js'
import { verifyIframeHtml } from '../support/wcOffline.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 21, faults 6g and 6e in Chromium against the dev stack: WalletConnect's own IndexedDB data
 * damaged (then a reload), and an IndexedDB quota of one byte. Either way the QR code comes, a
 * Node wallet pairs, the person is told what happened, no error escapes the page, and nothing says
 * "Check your connection". None of the code doing it is in the page's first JavaScript.
 */
const dapp = useDappHarness()
const wallets: WcWallet[] = []
afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.close().catch(() => {})
})
const step = stepWithScreenshot('e2e-walletconnect-storage-')

/** Refuses every non-local request (recorded), except the WalletConnect verify iframe, answered by a local page (INFRA.md). */
async function keepLocal(page: Page): Promise<string[]> {
  const refused: string[] = []
  // The SDK reusing its broken cached core (6g) warns "Core is already initialized… Init() was called 2 times".
  page.on('console', (message) => void (/already initialized/i.test(message.text()) && refused.push(`console: ${message.text()}`)))
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      const url = route.request().url()
      if (url.startsWith('https://verify.walletconnect.org/')) return route.fulfill({ status: 200, contentType: 'text/html', body: verifyIframeHtml() })
      refused.push(url)
      return route.abort('blockedbyclient')
    },
  )
  // Unhandled rejections counted on their own too (the 6e QuotaExceededError was one).
  await page.addInitScript(() => {
    ;(window as unknown as { rejections: string[] }).rejections = []
    window.addEventListener('unhandledrejection', (event) => (window as unknown as { rejections: string[] }).rejections.push(String((event.reason as Error)?.name ?? event.reason)))
  })
  return refused
}

async function newWallet(): Promise<WcWallet> {
  const chain = dapp.devnet.config.chains[0]!
  const wallet = await createWcWallet({ relayUrl: dapp.devnet.config.relayUrl, rpcUrl: { [chain.chainId]: chain.rpcUrl }, privateKey: ANVIL_ACCOUNTS[3]!.privateKey, chains: [chain.chainId] })
  wallets.push(wallet)
  return wallet
}

/** Connect Wallet → WalletConnect; resolves with the URI once the QR code shows. */
async function showQr(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog.getByRole('button', { name: 'WalletConnect QR code' }).click()
  const qr = dialog.locator('[data-airlock="walletconnect-qr"][data-uri]')
  await qr.waitFor({ timeout: 12_000 })
  return (await qr.getAttribute('data-uri'))!
}

/** Waits until Airlock has stored its connection in its own IndexedDB (so a reload restores it). */
async function connectionStored(page: Page): Promise<void> {
  const status = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('airlock')
          open.onerror = () => resolve('')
          open.onsuccess = () => {
            const get = open.result.transaction('keyval').objectStore('keyval').get('@airlock/connection_status')
            get.onsuccess = () => (open.result.close(), resolve(JSON.stringify(get.result ?? null)))
            get.onerror = () => (open.result.close(), resolve(''))
          }
        }),
    )
  await expect.poll(status, { timeout: 10_000 }).toContain('connected')
}

async function pairFromPage(page: Page, wallet: WcWallet): Promise<void> {
  await wallet.pair(await showQr(page))
  await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
}

const logTypes = (page: Page) => page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string; reason?: string } }[] } } }).airlock.log.entries().map((e) => e.action))

/** Modules of this fix (and the SDK) found in the page's first JavaScript: the entry chunk and the chunks it imports. */
function lazyOnly(): string[] {
  const { outputs } = dapp.devnet.bundle.metafile
  const entry = Object.entries(outputs).find(([, out]) => out.entryPoint?.endsWith('examples/react-dapp/main.tsx'))!
  const initial = new Set<string>()
  const visit = (file: string): void => {
    if (initial.has(file)) return
    initial.add(file)
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entry[0])
  const inputs = [...initial].flatMap((file) => Object.keys(outputs[file]!.inputs))
  if (inputs.length < 10) throw new Error(`the entry chunk looks wrong: ${inputs.length} inputs`)
  return inputs.filter((input) => /guardStorage|openSdkStorage|initWithStorageRecovery|storageRecoveryEpic|keyvaluestorage|universal-provider/.test(input))
}

async function expectNoEscapes(page: Page, errors: string[], refused: string[]): Promise<void> {
  expect(errors).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { rejections: string[] }).rejections)).toEqual([])
  expect(refused).toEqual([])
  expect(await page.getByText(/Check your connection/).count()).toBe(0)
  expect(await page.getByText(/is not a function/).count()).toBe(0)
}

describe('WalletConnect storage faults in Chromium (dev stack + Node wallet)', { timeout: 90_000 }, () => {
  test('behavior: 6g, WalletConnect IndexedDB data damaged after pairing, then a reload: reset and told; the QR code comes and a wallet pairs', async () => {
    const wallet = await newWallet()
    let refused: string[] = []
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '', async (p) => (refused = await keepLocal(p)))

    await step(page, 'pair', () => pairFromPage(page, wallet))

    let damaged = 0
    await step(page, 'corrupt', async () => {
      await connectionStored(page)
      // As in the review: every one of the SDK's values replaced by a garbage string.
      const count = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('WALLET_CONNECT_V2_INDEXED_DB')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const db = open.result
              const store = db.transaction('keyvaluestorage', 'readwrite').objectStore('keyvaluestorage')
              const keys = store.getAllKeys()
              keys.onsuccess = () => {
                const sdk = keys.result.filter((key) => String(key).startsWith('wc@2:'))
                for (const key of sdk) store.put('garbage', key)
                store.transaction.oncomplete = () => (db.close(), resolve(sdk.length))
              }
            }
          }),
      )
      expect(count).toBeGreaterThan(5)
      damaged = count
    })
    console.info(`[walletConnect storage e2e] ${damaged} SDK keys damaged`)

    await step(page, 'reload', async () => {
      await page.reload()
      // The stored session cannot come back (its data is gone): disconnected, and said why.
      await page.getByText(STORAGE_RECOVERY_NOTICES.reset.message).waitFor({ timeout: 15_000 })
      expect(await page.getByText(STORAGE_RECOVERY_NOTICES.reset.description!).count()).toBe(1)
      await screenshot(page, 'e2e-walletconnect-storage-reset')
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('disconnected')
      expect((await logTypes(page)).filter((a) => a.type === 'walletConnect/storageRecovered')).toEqual([{ type: 'walletConnect/storageRecovered', reason: 'reset' }])
    })

    await step(page, 'pair again', () => pairFromPage(page, wallet))
    await expectNoEscapes(page, errors, refused)
  })

  test('behavior: 6e, an IndexedDB quota of one byte: the SDK runs in memory, "storage is full" is said, the QR code comes and a wallet pairs; none of this code is in the first JavaScript', async () => {
    const wallet = await newWallet()
    let refused: string[] = []
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '', async (p) => {
      refused = await keepLocal(p)
      const cdp = await p.context().newCDPSession(p)
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: dapp.devnet.urls.dapp, quotaSize: 1 })
    })

    await step(page, 'qr', async () => {
      const shown = performance.now()
      await showQr(page)
      await page.getByText(STORAGE_RECOVERY_NOTICES.full.message).waitFor({ timeout: 5_000 })
      expect(await page.getByText(STORAGE_RECOVERY_NOTICES.full.description!).count()).toBe(1)
      // The toast goes; the QR view keeps saying it while the person scans.
      expect(await page.getByRole('dialog').locator('[data-airlock="walletconnect-storage"]').textContent()).toBe(STORAGE_IN_MEMORY_MESSAGES.full)
      console.info(`[walletConnect storage e2e] QR code with a full quota after ${(performance.now() - shown).toFixed(0)} ms`)
      await screenshot(page, 'e2e-walletconnect-storage-full')
    })

    await step(page, 'pair', async () => {
      const uri = await page.getByRole('dialog').locator('[data-airlock="walletconnect-qr"][data-uri]').getAttribute('data-uri')
      await wallet.pair(uri!)
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
      expect((await logTypes(page)).filter((a) => a.type === 'walletConnect/storageRecovered')).toEqual([{ type: 'walletConnect/storageRecovered', reason: 'full' }])
    })
    await expectNoEscapes(page, errors, refused)
    expect(lazyOnly(), 'in the page\'s first JavaScript').toEqual([])
  })

  test('behavior: 6e after pairing, IndexedDB refusing writes at the next reload: the session is read back and restored, "storage is full" is said, and it signs', async () => {
    const wallet = await newWallet()
    let refused: string[] = []
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '', async (p) => (refused = await keepLocal(p)))
    await step(page, 'pair', () => pairFromPage(page, wallet))

    await step(page, 'reload full', async () => {
      await connectionStored(page)
      // Chromium 156 does not enforce an overridden quota on a database that already holds data
      // (checked: writes still succeed), so a full disk is played at the API: every put throws.
      await page.addInitScript(() => {
        IDBObjectStore.prototype.put = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        }
      })
      await page.reload()
      await page.getByText(STORAGE_RECOVERY_NOTICES.full.message).waitFor({ timeout: 15_000 })
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
      const restored = (await logTypes(page)).find((a) => a.type === 'walletConnect/sessionSettled') as { restored?: boolean } | undefined
      expect(restored?.restored).toBe(true)
    })

    await step(page, 'sign', async () => {
      await page.getByTestId('sign-message').click()
      await expect.poll(() => page.getByTestId('sign-message-result').getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      expect(wallet.requests).toContain('personal_sign')
    })
    await expectNoEscapes(page, errors, refused)
  })
})
