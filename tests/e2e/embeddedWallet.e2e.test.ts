import { Connection, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hash } from 'viem'
import { describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'
import { clickClosingPopup } from '../support/submitPopup.js'
import { SOLANA_DEMO_LAMPORTS, SOLANA_DEMO_RECIPIENT } from '../../examples/react-dapp/SolanaActions.js'

/**
 * Email login through the dev secure frame, in real Chromium across two origins: the demo dapp
 * on one port, the frame (keys in its own IndexedDB) on another, the code read from the dev
 * mailbox on the gateway, signing and sending through ApproveTransaction onto anvil.
 */
const dapp = useDappHarness()

const dialog = (page: Page) => page.getByRole('dialog')
const status = (page: Page) => page.getByTestId('status').getAttribute('data-status')
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

async function mailbox(email: string): Promise<{ code: string; sentAt: number; purpose: string }[]> {
  const response = await fetch(`${dapp.devnet.urls.gateway}/dev/mailbox/${encodeURIComponent(email)}`)
  expect(response.ok).toBe(true)
  return (await response.json()) as { code: string; sentAt: number; purpose: string }[]
}

const step = stepWithScreenshot('e2e-embedded-')

/** The secure frame's own approval card (on the frame's origin), where the person answers. */
const secure = (page: Page) => page.frameLocator('#airlock-secure-frame')
/** A person reads the request, then answers inside the frame (Approve waits until the card has been fully visible a moment). */
async function answerInFrame(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const approve = secure(page).getByRole('button', { name: 'Approve' })
  await expect.poll(() => approve.isEnabled(), { timeout: 15_000 }).toBe(true)
  await secure(page).getByRole('button', { name: answer }).click()
}

/** The eip155 connector id the page's IndexedDB holds (what a reload restores). */
const storedConnectorId = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('airlock')
        open.onerror = () => resolve(null)
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('@airlock/connected_connector_ids')
            get.onsuccess = () => resolve((get.result as { eip155?: unknown } | undefined)?.eip155 ?? null)
            get.onerror = () => resolve(null)
          } catch {
            resolve(null)
          } finally {
            open.result.close()
          }
        }
      }),
  )

/** Whether `locator` has the keyboard focus (inside the modal's shadow root too). */
const hasFocus = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => (element.getRootNode() as Document | ShadowRoot).activeElement === element)

/** Opens the modal and asks for a code for `email`. */
async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const input = dialog(page).getByLabel('Email', { exact: true })
  await input.fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
}

describe('embedded wallet (email login) in Chromium', { timeout: 90_000 }, () => {
  test('behavior: email login with the mailbox code, reload keeps the session, sign and send approved inside the secure frame, sign out', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    const email = uniqueEmail('login')
    const newEmail = uniqueEmail('changed')
    await step(page, 'login', async () => {
      // As a person does it: type the email, press Enter, read the mail, type the code.
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByLabel('Email', { exact: true }).click()
      await page.keyboard.type(email)
      await page.keyboard.press('Enter')
      await dialog(page).getByText('Enter the code').waitFor()
      const field = dialog(page).getByLabel('Code from the email')
      // Focus moves to the code field by itself.
      await expect.poll(() => hasFocus(field)).toBe(true)
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      const [latest] = await mailbox(email)
      await expect.poll(() => dialog(page).textContent()).toContain(email)
      await screenshot(page, 'e2e-embedded-otp')

      // A page script on the host origin posting well-formed frame messages (READY, a session
      // token, replies to every request id the page has seen, a user) is ignored by the real
      // transport: not from our iframe's window, not from the secure origin.
      const frameActions = () => page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string } }[] } } }).airlock.log.entries().map((e) => e.action.type).filter((t) => t.startsWith('frame/')))
      const before = await frameActions()
      await page.evaluate(() => {
        const airlock = (window as unknown as { airlock: { log: { entries(): { action: { type: string; id?: string } }[] } } }).airlock
        const ids = airlock.log.entries().flatMap((e) => (e.action.type === 'frame/requestSent' && e.action.id ? [e.action.id] : []))
        const user = { email: 'mallory@example.com', address: '0x000000000000000000000000000000000000dEaD', chainId: 31337 }
        const forged: unknown[] = [{ type: '@airlock-frame/READY', payload: { version: 'forged' } }, { type: '@airlock-frame/SESSION_UPDATE', payload: { token: 'forged' } }]
        for (const id of [...ids, 'forged']) forged.push({ id, type: '@airlock-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'CONNECT' } }, { id, type: '@airlock-frame/CONNECT_OTP_SUCCESS' }, { id, type: '@airlock-frame/GET_USER_SUCCESS', payload: user })
        for (const message of forged) window.postMessage(message, '*')
        window.postMessage(forged, location.origin)
      })
      await page.waitForTimeout(300)
      expect((await frameActions()).slice(before.length)).toEqual([])
      expect(await status(page)).not.toBe('connected')

      // A wrong code (twice): the message is read out, the field empties and has the focus again.
      const wrong = latest!.code === '000000' ? '111111' : '000000'
      for (let attempt = 0; attempt < 2; attempt++) {
        await page.keyboard.type(wrong)
        await dialog(page).getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor()
        await expect.poll(() => field.inputValue()).toBe('')
        await expect.poll(() => hasFocus(field)).toBe(true)
      }
      await page.keyboard.type(latest!.code)
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      await expect.poll(() => dialog(page).count()).toBe(0)
      expect(await page.getByTestId('address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/)
    })
    const address = (await page.getByTestId('address').getAttribute('title')) ?? (await page.getByTestId('address').textContent())
    const connectorId = () => page.evaluate(() => (window as unknown as { airlock: { getState(): { connection: { namespaces: { eip155?: { connectorId: string | null } } } } } }).airlock.getState().connection.namespaces.eip155?.connectorId)
    expect(await connectorId()).toBe('auth')

    await step(page, 'reload', async () => {
      // Writes are batched (50 ms): reload once the auth connection is on disk, as a person would.
      await expect.poll(() => storedConnectorId(page), { timeout: 5_000 }).toBe('auth')
      await page.reload()
      await expect.poll(() => status(page), { timeout: 20_000 }).toBe('connected')
      expect(await connectorId()).toBe('auth')
      expect((await page.getByTestId('address').getAttribute('title')) ?? (await page.getByTestId('address').textContent())).toBe(address)
    })

    await step(page, 'account', async () => {
      // The account view names the email (from the session, as text) and offers to change it.
      await page.evaluate(() => (window as unknown as { airlock: { open(): void } }).airlock.open())
      await expect.poll(() => dialog(page).locator('[data-airlock="account-email"]').textContent(), { timeout: 10_000 }).toBe(email)
      await screenshot(page, 'e2e-embedded-account')
      await dialog(page).getByRole('button', { name: 'Change email' }).click()
      await dialog(page).getByLabel('New email').waitFor()
      await expect.poll(() => hasFocus(dialog(page).getByLabel('New email'))).toBe(true)
      // The whole change: the new address, the code sent to the current one, then the code sent to the new one.
      await page.keyboard.type(newEmail)
      await page.keyboard.press('Enter')
      await dialog(page).getByText('Enter the code sent to your current email.').waitFor({ timeout: 15_000 })
      const code = async (address: string, purpose: string) => {
        await expect.poll(async () => (await mailbox(address)).some((m) => m.purpose === purpose), { timeout: 15_000 }).toBe(true)
        return (await mailbox(address)).find((m) => m.purpose === purpose)!.code
      }
      await page.keyboard.type(await code(email, 'updatePrimary'))
      await dialog(page).getByText('Enter the code sent to your new email.').waitFor({ timeout: 15_000 })
      await page.keyboard.type(await code(newEmail, 'updateSecondary'))
      await dialog(page).getByText('Email updated').waitFor({ timeout: 15_000 })
      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await expect.poll(() => dialog(page).locator('[data-airlock="account-email"]').textContent()).toBe(newEmail)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
    })

    await step(page, 'switch-network', async () => {
      // The frame moves the account (SWITCH_NETWORK), then the app follows; and back again.
      const [first, second] = dapp.devnet.config.chains
      for (const target of [second!, first!]) {
        await page.getByRole('button', { name: /^Network:/ }).first().click()
        await dialog(page).getByRole('button', { name: new RegExp(`^${target.name}( Active| Switching…)?$`) }).click()
        await expect.poll(() => page.getByTestId('chain').textContent(), { timeout: 10_000 }).toContain(`eip155:${target.chainId}`)
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog(page).count()).toBe(0)
      }
      const sent = await page.evaluate(() =>
        (window as unknown as { airlock: { log: { entries(): { action: { type: string; name?: string } }[] } } }).airlock.log
          .entries()
          .filter((e) => e.action.type === 'frame/requestSucceeded' && e.action.name === 'SWITCH_NETWORK').length,
      )
      expect(sent).toBe(2)
    })

    await step(page, 'sign', async () => {
      await page.getByTestId('sign-message').click()
      // The page's view only holds the frame's place; the request is shown and answered in the frame.
      await dialog(page).locator('[data-airlock="approve"][data-method="personal_sign"]').waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
      await expect.poll(() => secure(page).locator('main.approval').textContent(), { timeout: 10_000 }).toContain('Hello from the Airlock demo')
      // The frame sits exactly over the view's slot in the modal.
      const boxes = async () => {
        const [slot, frameBox] = await Promise.all([dialog(page).locator('[data-airlock="approve"]').boundingBox(), page.locator('#airlock-secure-frame').boundingBox()])
        return { frame: frameBox, slot: slot && { x: Math.round(slot.x), y: Math.round(slot.y), width: Math.round(slot.width), height: Math.round(slot.height) } }
      }
      await expect.poll(async () => { const { frame, slot } = await boxes(); return frame !== null && JSON.stringify(frame) === JSON.stringify(slot) }).toBe(true)
      await screenshot(page, 'e2e-embedded-approve')
      await answerInFrame(page, 'Approve')
      await expect.poll(() => page.getByTestId('sign-message-result').getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      expect(await page.getByTestId('sign-message-result').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
      await expect.poll(() => dialog(page).count()).toBe(0)
      await expect.poll(() => page.locator('#airlock-secure-frame').isVisible()).toBe(false)
    })

    await step(page, 'send', async () => {
      const [chain] = dapp.devnet.config.chains
      const client = createPublicClient({ transport: http(chain!.rpcUrl) })
      const nonce = await client.getTransactionCount({ address: address as Hash })
      await page.getByTestId('send-transaction').click()
      await expect.poll(() => secure(page).locator('main.approval').textContent(), { timeout: 10_000 }).toContain('Send a transaction')
      // A script on the dapp's page tries every page-side way to approve: nothing is sent.
      await page.evaluate(() => {
        const airlock = (window as unknown as { airlock: { dispatch(a: unknown): void; getState(): { auth: { approvals: { id: string }[] } } } }).airlock
        const id = airlock.getState().auth.approvals[0]?.id
        for (const type of ['auth/requestApproved', 'auth/approved', 'frame/approved']) airlock.dispatch({ type, id })
      })
      await page.waitForTimeout(700)
      expect(await client.getTransactionCount({ address: address as Hash })).toBe(nonce)
      expect(await page.getByTestId('send-transaction-result').getAttribute('data-state')).not.toBe('ok')
      await answerInFrame(page, 'Approve')
      await expect.poll(() => page.getByTestId('send-transaction-result').getAttribute('data-state'), { timeout: 20_000 }).toBe('ok')
      const hash = (await page.getByTestId('send-transaction-result').textContent()) as Hash
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: 15_000 })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(String(address).toLowerCase())
      expect(receipt.to?.toLowerCase()).toBe(dapp.devnet.config.recipient.toLowerCase())
      expect(await client.getTransactionCount({ address: address as Hash })).toBe(nonce + 1)
    })

    await step(page, 'reject', async () => {
      await page.getByTestId('sign-message').click()
      await answerInFrame(page, 'Reject')
      await expect.poll(() => page.getByTestId('sign-message-result').textContent()).toContain('[4001]')
    })

    await step(page, 'abort-and-not-allowed', async () => {
      type Outcome = { ok: unknown } | { error: string; code?: unknown }
      const call = (method: string, params?: unknown) =>
        page.evaluate(
          ([m, p]) => {
            const airlock = (window as unknown as { airlock: { getProvider(): { request(a: { method: string; params?: unknown }): Promise<unknown> } } }).airlock
            const w = window as unknown as { outcome?: Outcome }
            w.outcome = undefined
            airlock.getProvider().request({ method: m as string, params: p }).then(
              (ok) => (w.outcome = { ok }),
              (e: { message: string; code?: unknown }) => (w.outcome = { error: e.message, code: e.code }),
            )
          },
          [method, params] as const,
        )
      const outcome = () => page.evaluate(() => (window as unknown as { outcome?: Outcome }).outcome)
      // Closing the modal aborts an open signing request.
      await call('personal_sign', ['0x6869', address])
      await expect.poll(() => secure(page).locator('main.approval').getAttribute('data-state'), { timeout: 10_000 }).toBe('asking')
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await expect.poll(outcome).toEqual({ error: 'Request was aborted', code: 4001 })
      // The frame dropped the question too (RPC_ABORT) and is hidden again.
      await expect.poll(() => secure(page).locator('main.approval').getAttribute('data-state')).toBe('idle')
      expect(await page.locator('#airlock-secure-frame').isVisible()).toBe(false)
      // A request the frame fails (more ETH than the account has): the promise rejects with the
      // frame's message, the modal closes (ApproveTransaction was its only view) and a toast says why.
      await call('eth_sendTransaction', [{ from: address, to: dapp.devnet.config.recipient, value: '0xffffffffffffffffffffffffff' }])
      await answerInFrame(page, 'Approve')
      await expect.poll(outcome, { timeout: 15_000 }).toHaveProperty('error')
      const failure = ((await outcome()) as { error: string }).error
      expect(failure.length).toBeGreaterThan(0)
      await expect.poll(() => dialog(page).count()).toBe(0)
      await expect.poll(() => page.locator('[data-airlock="toast"][data-variant="error"]').textContent()).toContain(failure.slice(0, 40))
      await screenshot(page, 'e2e-embedded-request-failed')
      // A method off the list is refused, and the modal says so after 300 ms.
      await call('eth_mine')
      await expect.poll(outcome).toMatchObject({ error: 'Requested RPC call is not allowed' })
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Action not allowed')
      await dialog(page).getByRole('button', { name: 'Close' }).first().click()
      await expect.poll(() => dialog(page).count()).toBe(0)
    })

    await step(page, 'sign-out', async () => {
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page), { timeout: 10_000 }).toBe('disconnected')
      await page.reload()
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      expect(await status(page)).toBe('disconnected')
    })

    const { log, state } = await page.evaluate(() => {
      const airlock = (window as unknown as { airlock: { log: { export(): string }; getState(): unknown } }).airlock
      return { log: airlock.log.export(), state: JSON.stringify(airlock.getState()) }
    })
    // Replayable, and the email and code never reached the log.
    expect(JSON.stringify(replay(log))).toBe(state)
    expect(log).not.toContain(email)
    expect(log).not.toContain(newEmail)
    expect(errors).toEqual([])
  })

  test('behavior: the same email login has a Solana account: switching to the Solana network brings it up through the frame, with its balance; sign and send are approved in the secure frame; a reload restores both accounts', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '')
    const email = uniqueEmail('solana')
    const solanaState = () => page.evaluate(() => (window as unknown as { airlock: { getState(): { connection: { namespaces: { solana?: { status: string; connectorId: string | null; caipAddress: string | null } } } } } }).airlock.getState().connection.namespaces.solana ?? null)
    const solana = new Connection(dapp.devnet.urls.solana, 'confirmed')
    await step(page, 'solana-login', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor()
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      await dialog(page).getByLabel('Code from the email').fill((await mailbox(email))[0]!.code)
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      expect(await solanaState()).toBeNull()
      // The network list has the local Solana cluster: picking it brings up the login's Solana account.
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await dialog(page).getByRole('button', { name: /^Airlock Solana Local/ }).click()
      await expect.poll(solanaState, { timeout: 15_000 }).toMatchObject({ status: 'connected', connectorId: 'auth' })
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByTestId('address').textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      // Funded by the dev frame when the account was made, as its EVM account is.
      await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('10.000 SOL')
      await screenshot(page, 'e2e-embedded-solana-account')
    })
    const address = (await page.getByTestId('address').textContent())!

    await step(page, 'solana-sign', async () => {
      await page.getByTestId('solana-sign-message').click()
      await expect.poll(() => secure(page).locator('main.approval').textContent(), { timeout: 10_000 }).toContain('Hello from the Airlock demo')
      expect(await secure(page).locator('main.approval').textContent()).toContain(address)
      await expect.poll(() => secure(page).getByRole('button', { name: 'Approve' }).isEnabled(), { timeout: 15_000 }).toBe(true)
      await screenshot(page, 'e2e-embedded-solana-approve')
      await answerInFrame(page, 'Approve')
      await expect.poll(() => page.getByTestId('solana-sign-message-result').getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      expect(bs58.decode((await page.getByTestId('solana-sign-message-result').textContent())!)).toHaveLength(64)
    })

    await step(page, 'solana-send', async () => {
      const recipient = new PublicKey(SOLANA_DEMO_RECIPIENT)
      const before = await solana.getBalance(recipient)
      await page.getByTestId('solana-send').click()
      // The frame reads the transaction itself: the recipient and the exact amount.
      await expect.poll(() => secure(page).locator('main.approval').textContent(), { timeout: 10_000 }).toContain(SOLANA_DEMO_RECIPIENT)
      expect(await secure(page).locator('main.approval').textContent()).toContain('0.01 SOL')
      await expect.poll(() => secure(page).getByRole('button', { name: 'Approve' }).isEnabled(), { timeout: 15_000 }).toBe(true)
      await screenshot(page, 'e2e-embedded-solana-send-approve')
      await answerInFrame(page, 'Approve')
      await expect.poll(() => page.getByTestId('solana-send-result').getAttribute('data-state'), { timeout: 20_000 }).toBe('ok')
      expect(await solana.getBalance(recipient)).toBe(before + SOLANA_DEMO_LAMPORTS)
      await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toBe('9.989 SOL')
    })

    await step(page, 'solana-reload', async () => {
      await expect.poll(() => storedConnectorId(page), { timeout: 5_000 }).toBe('auth')
      await page.reload()
      await expect.poll(solanaState, { timeout: 20_000 }).toMatchObject({ status: 'connected', connectorId: 'auth' })
      expect(await page.getByTestId('address').textContent()).toBe(address)
      const evm = await page.evaluate(() => (window as unknown as { airlock: { getState(): { connection: { namespaces: { eip155?: { status: string; connectorId: string | null } } } } } }).airlock.getState().connection.namespaces.eip155)
      expect(evm).toMatchObject({ status: 'connected', connectorId: 'auth' })
      // Signing out ends both.
      await page.getByTestId('disconnect').click()
      await expect.poll(solanaState, { timeout: 10_000 }).toMatchObject({ status: 'disconnected' })
      expect(await status(page)).toBe('disconnected')
    })
    expect(errors).toEqual([])
  })

  test('behavior: a second code within 30 s is refused with "Please try again after N seconds", also after a reload', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '')
    const email = uniqueEmail('cooldown')
    await step(page, 'cooldown', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor()
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      await dialog(page).getByRole('button', { name: 'Resend code' }).click()
      const message = dialog(page).getByText(/^Please try again after \d+ seconds$/)
      await message.waitFor()
      const first = Number((await message.textContent())!.match(/\d+/)![0])
      expect(first).toBeGreaterThan(20)
      expect(first).toBeLessThanOrEqual(30)
      await screenshot(page, 'e2e-embedded-cooldown')
      // It counts down on the store's scheduler.
      await expect.poll(async () => Number((await message.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 5_000 }).toBeLessThan(first)

      // The cooldown survives a reload (persisted last-email-login time).
      await page.reload()
      await requestCode(page, email)
      await expect.poll(() => dialog(page).getByText(/^Please try again after \d+ seconds$/).count(), { timeout: 5_000 }).toBe(1)
      expect(await mailbox(email)).toHaveLength(1)
    })
    expect(errors).toEqual([])
  })

  test('behavior: a new device is registered first (the approval sends the code), then the code logs in', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '')
    // The dev frame asks addresses starting with "newdevice" to register the device first.
    const email = uniqueEmail('device').replace(/^e2e-/, 'newdevice-')
    await step(page, 'device', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor({ timeout: 15_000 })
      const labels = await page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string; view?: string; name?: string } }[] } } }).airlock.log.entries().map((e) => e.action).filter((a) => a.type.startsWith('router/') || a.type === 'frame/requestSent').map((a) => a.view ?? a.name))
      // The device view, then the code view; one CONNECT_EMAIL (the frame's own syncs aside).
      expect(labels.filter((l) => !l?.startsWith('SYNC_'))).toEqual(['CONNECT_EMAIL', 'EmailVerifyDevice', 'CONNECT_DEVICE', 'EmailVerifyOtp'])
      // One code, sent with the device approval.
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      await dialog(page).getByLabel('Code from the email').fill((await mailbox(email))[0]!.code)
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
    })
    expect(errors).toEqual([])
  })

  test('behavior: sign-in (SIWX, required) after an email login: the signature is approved inside the secure frame, then the person is signed in', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '&siwx=required')
    const email = uniqueEmail('siwx')
    await step(page, 'siwx', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor()
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      const [latest] = await mailbox(email)
      await dialog(page).getByLabel('Code from the email').fill(latest!.code)
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      // The sign-in message itself is shown as text for the person to read, inside the secure frame.
      await expect.poll(() => secure(page).locator('main.approval').textContent(), { timeout: 10_000 }).toContain('wants you to sign in with your Ethereum account')
      await answerInFrame(page, 'Approve')
      await expect.poll(() => page.getByTestId('siwx').getAttribute('data-status'), { timeout: 15_000 }).toBe('signedIn')
      await expect.poll(() => dialog(page).count()).toBe(0)
    })
    expect(errors).toEqual([])
  })

  test('error: when the email login code cannot be fetched the Connect view says "Unable to load email login dependency" and wallets still work', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '', (p) => p.route(/\/chunks\/EmbeddedLogin-[^/]+\.js$/, (route) => route.abort()))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect.poll(() => dialog(page).getByRole('alert').filter({ hasText: 'Unable to load email login dependency' }).count(), { timeout: 10_000 }).toBe(1)
    await dialog(page).getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
    await screenshot(page, 'e2e-embedded-load-error')
    expect(errors).toEqual([])
  })

  test('behavior: social login (GitHub) through the provider popup, and Farcaster through its QR link', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    const auth = () => page.evaluate(() => (window as unknown as { airlock: { getState(): { auth: { social: string | null; userName: string | null } } } }).airlock.getState().auth)
    await step(page, 'social', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with GitHub' }).waitFor()
      await screenshot(page, 'e2e-embedded-connect')
      const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click()])
      await popup.waitForURL(/\/oauth\?provider=github/)
      await popup.getByLabel('User name').fill('dev-octocat')
      await clickClosingPopup(popup, popup.getByRole('button', { name: 'Sign in' }))
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      expect(await auth()).toMatchObject({ social: 'github', userName: 'dev-octocat' })
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page), { timeout: 10_000 }).toBe('disconnected')
    })
    await step(page, 'farcaster', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
      await dialog(page).getByRole('img', { name: 'Farcaster login QR code' }).waitFor()
      const href = await dialog(page).getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')
      expect(href).toMatch(new RegExp(`^${dapp.devnet.urls.frame}/farcaster\\?channel=`))
      // The person scans the code: the approval page opens elsewhere (same browser here).
      const phone = await page.context().newPage()
      await phone.goto(href!)
      await phone.getByLabel('User name').fill('dev-caster')
      await phone.getByRole('button', { name: /Approve|Sign in/ }).click()
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      expect(await auth()).toMatchObject({ social: 'farcaster', userName: 'dev-caster' })
    })
    expect(errors).toEqual([])
  })
})
