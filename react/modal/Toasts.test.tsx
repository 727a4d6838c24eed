// @vitest-environment happy-dom
import { HttpRequestError, TransactionExecutionError } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.js'
import { $, dispatch, render, shadow, testAirlock, waitFor } from '../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
/** viem's text for a send while the chain's RPC is down, as the secure frame reports it (issue 21, fault 1e). */
const viemDump = new TransactionExecutionError(
  new HttpRequestError({ url: 'http://127.0.0.1:8545', body: { method: 'eth_getTransactionCount', params: [ADDRESS, 'pending'] }, details: 'Failed to fetch' }),
  { account: { address: ADDRESS, type: 'json-rpc' }, to: ADDRESS, value: 10n ** 16n } as never,
).message

async function toastFor(notification: { variant: 'error' | 'success'; message: string; description?: string }) {
  const airlock = testAirlock()
  render(airlock, <ConnectButton />)
  dispatch(airlock, { type: 'notifications/showRequested', notification: { id: 't1', ...notification } })
  const toast = await waitFor(() => $(shadow(), '[data-airlock="toast"]'))
  return { airlock, toast }
}

describe('error toasts (issue 21, fault 1e)', () => {
  test('behavior: a library\'s error dump shows as its short message; the whole text stays in the action (the log)', async () => {
    const { airlock, toast } = await toastFor({ variant: 'error', message: viemDump })
    expect(toast.querySelector('.toast-text')!.textContent).toBe('HTTP request failed.')
    for (const part of ['URL:', 'Request body', 'Request Arguments', 'Version: viem@']) expect(toast.textContent).not.toContain(part)
    const logged = airlock.log.entries().find((e) => e.action.type === 'notifications/showRequested')!.action as { notification: { message: string } }
    expect(logged.notification.message).toContain('Version: viem@')
  })

  test('behavior: the description of an error toast (a wallet\'s reason) is shortened too, and capped', async () => {
    const { toast } = await toastFor({ variant: 'error', message: 'Network switch failed', description: `${'The wallet says no. '.repeat(20)}\nDetails: …` })
    const [title, reason] = Array.from(toast.querySelectorAll('.toast-text p'), (p) => p.textContent ?? '')
    expect(title).toBe('Network switch failed')
    expect(reason!.length).toBeLessThanOrEqual(160)
    expect(reason!.endsWith('…')).toBe(true)
  })

  test('behavior: SPEC 8: an error with no text reads "An error occurred"; other toasts keep their text as given', async () => {
    const empty = await toastFor({ variant: 'error', message: '' })
    expect(empty.toast.querySelector('.toast-text')!.textContent).toBe('An error occurred')
    document.body.innerHTML = ''
    const success = await toastFor({ variant: 'success', message: 'Line one\nLine two' })
    expect(success.toast.querySelector('.toast-text p')!.textContent).toBe('Line one\nLine two')
  })
})
