// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.js'
import { preloadModal } from './ModalPortal.js'
import { OVERLAY_CLICK_GUARD_MS } from './useOverlayDismiss.js'
import { byText, count, render, shadow, testAirlock, visibleDialog, waitFor } from '../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

/** A click as the browser sends it; `detail` counts the clicks of a multi-click (2 for the second of a double click). */
function clickWith(element: Element, detail: number): void {
  act(() => void element.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, detail })))
}
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

/** The page with the modal warmed up (as the button's idle preload does), so a click opens it in the click's own frame. */
async function warmPage() {
  const airlock = testAirlock()
  await preloadModal()
  const { container } = render(airlock, <ConnectButton />)
  await waitFor(() => {
    if (!shadow().querySelector('.overlay')) throw new Error('modal not mounted yet')
  })
  return { airlock, button: byText(container, 'button', 'Connect Wallet') }
}

describe('the overlay and the click that opened the modal (issue 21, fault 7a)', () => {
  test('behavior: a double click on Connect leaves the modal open (the second click lands on the overlay)', async () => {
    const { airlock, button } = await warmPage()
    clickWith(button, 1)
    const root = shadow()
    expect(visibleDialog(root)).not.toBeNull()
    // The overlay now covers the button: the second click of the double click lands on it.
    clickWith(root.querySelector('.overlay')!, 2)
    expect(airlock.getState().modal.open).toBe(true)
    expect(count(airlock, 'modal/closeRequested')).toBe(0)
  })

  test('behavior: two quick single clicks (two taps) leave it open too; a click on the overlay a moment later closes', async () => {
    const { airlock, button } = await warmPage()
    clickWith(button, 1)
    const overlay = shadow().querySelector('.overlay')!
    clickWith(overlay, 1)
    expect(airlock.getState().modal.open).toBe(true)
    await pause(OVERLAY_CLICK_GUARD_MS + 20)
    // A deliberate click on the backdrop closes as before.
    clickWith(overlay, 1)
    expect(airlock.getState().modal.open).toBe(false)
  })

  test('behavior: after a reopen the guard starts again; clicks inside the card never close', async () => {
    const { airlock, button } = await warmPage()
    clickWith(button, 1)
    await pause(OVERLAY_CLICK_GUARD_MS + 20)
    clickWith(visibleDialog(shadow())!, 1)
    expect(airlock.getState().modal.open).toBe(true)
    act(() => airlock.close())
    clickWith(button, 1)
    clickWith(shadow().querySelector('.overlay')!, 2)
    expect(airlock.getState().modal.open).toBe(true)
  })
})
