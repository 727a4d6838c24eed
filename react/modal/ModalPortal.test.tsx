// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.js'
import { byText, click, count, hosts, render, shadow, testAirlock, visibleDialog, waitFor } from '../testing/renderAirlock.js'

const renders = vi.hoisted(() => ({ count: 0 }))
// The modal chunk fails (a deploy removed it, the network dropped): the page must survive it.
vi.mock('./Modal.js', () => ({
  default: () => {
    renders.count++
    throw new Error('Failed to fetch dynamically imported module')
  },
}))

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

test('behavior: a modal chunk that fails closes the modal, reports it, keeps the page, and the next open tries again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const airlock = testAirlock()
  const { container } = render(airlock, <ConnectButton />)
  click(byText(container, 'button', 'Connect Wallet'))
  await waitFor(() => expect(count(airlock, 'telemetry/errorCaptured')).toBe(1))
  expect(airlock.actions.find((a) => a.type === 'telemetry/errorCaptured')).toMatchObject({
    errorType: 'ModalLoadError',
    error: { message: 'Failed to fetch dynamically imported module' },
  })
  expect(airlock.getState().modal.open).toBe(false)
  // No retry loop: nothing asks for the modal now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(count(airlock, 'telemetry/errorCaptured')).toBe(1)
  expect(byText(container, 'button', 'Connect Wallet')).toBeTruthy()
  expect(hosts()).toHaveLength(1)
  expect(visibleDialog(shadow())).toBeNull()
  const first = renders.count
  click(byText(container, 'button', 'Connect Wallet'))
  await waitFor(() => expect(count(airlock, 'telemetry/errorCaptured')).toBe(2))
  expect(renders.count).toBeGreaterThan(first)
})
