// @vitest-environment happy-dom
import { act, useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.js'
import { AirlockModal } from './AirlockModal.js'
import { preloadModal } from './ModalPortal.js'
import { MODAL_CSS } from './styles.js'
import { OVERLAY_CLICK_GUARD_MS } from './useOverlayDismiss.js'
import { $, $dialog, announce, byLabel, byText, click, count, dispatch, hosts, openModal, render, shadow, testAirlock, visibleDialog, waitFor, wallet } from '../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Opens the modal and checks it is rendered in place: inside the placed host, no overlay, not aria-modal. */
async function expectInlineDialog(airlock: ReturnType<typeof testAirlock>, container: Element): Promise<void> {
  act(() => airlock.open())
  const placed = container.querySelector('[data-airlock="modal-host"]')!
  const dialog = await waitFor(() => $dialog(placed.shadowRoot!))
  expect(dialog.hasAttribute('aria-modal')).toBe(false)
  expect(placed.shadowRoot!.querySelector('.overlay')).toBeNull()
}

describe('modal host', () => {
  test('default: one host with an open shadow root after mount; nothing loaded until opened', () => {
    const airlock = testAirlock()
    const { unmount } = render(airlock, <ConnectButton />)
    expect(hosts()).toHaveLength(1)
    const root = shadow()
    expect(root.mode).toBe('open')
    expect(visibleDialog(root)).toBeNull()
    expect(root.querySelector('style')).toBeNull()
    unmount()
    expect(hosts()).toHaveLength(0)
  })

  test('behavior: StrictMode mounts twice and leaves exactly one host, removed on unmount', async () => {
    const airlock = testAirlock()
    const { unmount } = render(airlock, <ConnectButton />, { strict: true })
    expect(hosts()).toHaveLength(1)
    const root = await openModal(airlock)
    expect(root.querySelectorAll('[role="dialog"]')).toHaveLength(1)
    // The double-run focus effects end with focus inside the dialog.
    expect(root.activeElement).toBe(visibleDialog(root))
    unmount()
    expect(hosts()).toHaveLength(0)
  })

  test('behavior: ConnectButton opens the modal on Connect, with one style element inside the shadow root', async () => {
    const airlock = testAirlock()
    const { container } = render(airlock, <ConnectButton />)
    click(byText(container, 'button', 'Connect Wallet'))
    const root = await waitFor(() => {
      const r = shadow()
      if (!r.querySelector('[data-view="Connect"]')) throw new Error('not yet')
      return r
    })
    expect(root.querySelectorAll('style')).toHaveLength(1)
    expect(root.querySelector('style')?.textContent).toBe(MODAL_CSS)
    expect(MODAL_CSS).toContain('width: 360px')
    const dialog = visibleDialog(root)!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const title = root.getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Connect Wallet')
    // Styles never leak into the page.
    expect(document.head.querySelector('style')).toBeNull()
  })

  test('parameters: disableAppend puts nothing on the body; <AirlockModal/> hosts the modal where placed', async () => {
    const airlock = testAirlock({ disableAppend: true })
    const { container } = render(airlock, <AirlockModal />)
    expect(hosts()).toHaveLength(0)
    const placed = container.querySelector('[data-airlock="modal-host"]')!
    expect(placed.shadowRoot?.mode).toBe('open')
    act(() => airlock.open())
    const dialog = await waitFor(() => $dialog(placed.shadowRoot!))
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(placed.shadowRoot!.querySelector('.overlay')).not.toBeNull()
  })

  test('parameters: enableEmbedded renders inline (no overlay, not aria-modal) and no body host', async () => {
    const airlock = testAirlock({ enableEmbedded: true })
    const { container } = render(airlock, <AirlockModal />)
    expect(hosts()).toHaveLength(0)
    await expectInlineDialog(airlock, container)
  })

  test('parameters: <AirlockModal embedded /> renders in place with no option set; the provider appends no body host, even in StrictMode', async () => {
    const airlock = testAirlock()
    const { container, unmount } = render(airlock, <AirlockModal embedded />, { strict: true })
    expect(hosts()).toHaveLength(0)
    await expectInlineDialog(airlock, container)
    unmount()
    expect(hosts()).toHaveLength(0)
  })

  test('parameters: <AirlockModal embedded={false} /> mounts the overlay here, over enableEmbedded; removing it brings the provider\'s host back', async () => {
    const airlock = testAirlock({ enableEmbedded: true })
    const { container } = render(airlock, <AirlockModal embedded={false} />)
    act(() => airlock.open())
    const placed = container.querySelector('[data-airlock="modal-host"]')!
    const dialog = await waitFor(() => $dialog(placed.shadowRoot!))
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const plain = testAirlock()
    const toggled = render(plain, <Removable />)
    expect(hosts()).toHaveLength(0)
    click(byText(toggled.container, 'button', 'remove'))
    expect(hosts()).toHaveLength(1)
    toggled.unmount()
  })

  test('behavior: <AirlockModal/> renders nothing when the provider appends the modal itself', () => {
    const airlock = testAirlock()
    const { container } = render(airlock, <AirlockModal />)
    expect(container.querySelector('[data-airlock="modal-host"]')).toBeNull()
    expect(hosts()).toHaveLength(1)
  })
})

/** An embedded modal the test can take away. */
function Removable() {
  const [shown, setShown] = useState(true)
  return (
    <>
      {shown ? <AirlockModal embedded /> : null}
      <button type="button" onClick={() => setShown(false)}>
        remove
      </button>
    </>
  )
}

describe('dialog', () => {
  test('behavior: Escape closes and focus returns to the opener', async () => {
    const airlock = testAirlock()
    const { container } = render(airlock, <ConnectButton />)
    const opener = byText<HTMLButtonElement>(container, 'button', 'Connect Wallet')
    opener.focus()
    click(opener)
    const root = await waitFor(() => $dialog(shadow()))
    // Focus moved into the dialog.
    expect(document.activeElement).toBe(hosts()[0])
    expect(shadow().activeElement).toBe(root)
    act(() => {
      root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    })
    expect(airlock.getState().modal.open).toBe(false)
    expect(visibleDialog(shadow())).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  test('behavior: the close button and a click on the backdrop close', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    let root = await openModal(airlock)
    click(byLabel(root, 'Close'))
    expect(airlock.getState().modal.open).toBe(false)
    root = await openModal(airlock)
    click(visibleDialog(root)!)
    expect(airlock.getState().modal.open).toBe(true)
    // Not at once: the overlay ignores what is left of the opening click for a moment (useOverlayDismiss).
    await act(() => new Promise((resolve) => setTimeout(resolve, OVERLAY_CLICK_GUARD_MS + 20)))
    click(root.querySelector('.overlay')!)
    expect(airlock.getState().modal.open).toBe(false)
  })

  test('behavior: Tab wraps inside the dialog', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock, { view: 'Networks' })
    const dialog = visibleDialog(root)!
    const focusables = Array.from(dialog.querySelectorAll<HTMLButtonElement>('button:not([disabled])'))
    const first = focusables[0]!
    const last = focusables[focusables.length - 1]!
    last.focus()
    act(() => {
      last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true }))
    })
    expect(root.activeElement).toBe(first)
    act(() => {
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, composed: true }))
    })
    expect(root.activeElement).toBe(last)
  })

  test('behavior: back pops one view; back on the last view closes', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(root.querySelector('[aria-label="Back"]')).toBeNull()
    dispatch(airlock, { type: 'router/pushRequested', view: 'Networks' })
    await waitFor(() => expect(root.querySelector('[data-view="Networks"]')).not.toBeNull())
    expect(root.querySelector('[data-view="Networks"]')?.getAttribute('data-transition')).toBe('next')
    expect(root.querySelector('h2')?.textContent).toBe('Choose Network')
    click(byLabel(root, 'Back'))
    await waitFor(() => expect(root.querySelector('[data-view="Connect"]')).not.toBeNull())
    expect(root.querySelector('[data-view="Connect"]')?.getAttribute('data-transition')).toBe('prev')
    // The view stays in the DOM while the dialog is hidden: check the modal itself stayed open.
    expect(airlock.getState().modal.open).toBe(true)
    expect(visibleDialog(root)).not.toBeNull()
    expect(root.querySelector('[aria-label="Back"]')).toBeNull()
    dispatch(airlock, { type: 'router/backRequested' })
    expect(airlock.getState().modal.open).toBe(false)
  })

  test('behavior: every control inside the dialog has an accessible name', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock, { view: 'Networks' })
    for (const control of Array.from(root.querySelectorAll('button, input'))) {
      const name = control.getAttribute('aria-label') ?? control.textContent ?? ''
      expect(name.trim().length, control.outerHTML).toBeGreaterThan(0)
    }
  })

  test('behavior: a view not built yet says so instead of breaking', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock, { view: 'Transactions' })
    expect(root.querySelector('[data-view="Transactions"]')?.textContent).toContain('not available')
  })
})

describe('theme', () => {
  test('default: follows the system scheme (no data-theme) with the stylesheet for both modes', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(root.querySelector('.root')?.hasAttribute('data-theme')).toBe(false)
    expect(MODAL_CSS).toContain('@media (prefers-color-scheme: dark)')
    expect(MODAL_CSS).toContain('@media (prefers-reduced-motion: reduce)')
  })

  test('parameters: themeMode and --airlock-* variables apply; other keys are dropped', async () => {
    const airlock = testAirlock({ themeMode: 'dark', themeVariables: { '--airlock-accent': '#47a1ff', color: 'red' } })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const themed = root.querySelector<HTMLElement>('.root')!
    expect(themed.getAttribute('data-theme')).toBe('dark')
    expect(themed.getAttribute('style')).toContain('--airlock-accent: #47a1ff')
    expect(themed.getAttribute('style')).not.toContain('red')
    dispatch(airlock, { type: 'theme/modeChanged', mode: 'light' }, { type: 'theme/variablesChanged', variables: { '--airlock-border-radius': 4 } })
    expect(themed.getAttribute('data-theme')).toBe('light')
    expect(themed.getAttribute('style')).toContain('--airlock-border-radius: 4')
  })
})

describe('toasts and alerts', () => {
  test('behavior: a toast appears in the live region and its dismiss button hides it', async () => {
    const airlock = testAirlock()
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const region = root.querySelector('[aria-live="polite"]')!
    expect(region.textContent).toBe('')
    dispatch(airlock, { type: 'notifications/showRequested', notification: { id: 't1', variant: 'success', message: '<b>Saved</b>', description: 'All good' } })
    const toast = region.querySelector('[data-airlock="toast"]')!
    expect(toast.getAttribute('data-variant')).toBe('success')
    // Outside text stays text.
    expect(toast.textContent).toContain('<b>Saved</b>')
    expect(toast.querySelector('b')).toBeNull()
    click(byLabel(toast, 'Dismiss notification'))
    expect(count(airlock, 'notifications/dismissRequested')).toBe(1)
    expect(region.querySelector('[data-airlock="toast"]')).toBeNull()
  })

  test('behavior: a toast shows even when the modal was never opened (the chunk loads for it)', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    expect(shadow().querySelector('[data-airlock="toast"]')).toBeNull()
    dispatch(airlock, { type: 'notifications/showRequested', notification: { id: 't1', variant: 'error', message: 'Token Balance Unavailable' } })
    const toast = await waitFor(() => $(shadow(), '[data-airlock="toast"]'))
    expect(toast.textContent).toContain('Token Balance Unavailable')
    expect(visibleDialog(shadow())).toBeNull()
  })

  test('behavior: once preloaded, the modal is mounted closed, so its stylesheet is in place before the first open', async () => {
    await preloadModal()
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const style = await waitFor(() => $(shadow(), 'style'))
    expect(style.textContent).toBe(MODAL_CSS)
    expect(visibleDialog(shadow())).toBeNull()
    expect(airlock.getState().modal.open).toBe(false)
  })

  test('behavior: closed, the dialog is rendered ahead, hidden; opening reveals that same dialog', async () => {
    await preloadModal()
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    // React renders the hidden dialog at idle priority, after the modal mounts.
    const ahead = await waitFor(() => $(shadow(), '[role="dialog"]'))
    expect(visibleDialog(shadow())).toBeNull()
    expect(ahead.querySelector('[data-view="Connect"]')).not.toBeNull()
    const root = await openModal(airlock)
    expect(visibleDialog(root)).toBe(ahead)
  })

  test('behavior: what changed while closed is in the dialog the open reveals (a wallet announced after the pre-render)', async () => {
    await preloadModal()
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const ahead = await waitFor(() => $(shadow(), '[role="dialog"] [data-view="Connect"]'))
    announce(airlock, wallet({ id: 'late.wallet', rdns: 'late.wallet', name: 'Late Wallet' }))
    act(() => airlock.open())
    expect(visibleDialog(shadow())?.contains(ahead)).toBe(true)
    expect(byText(ahead, '.row-name', 'Late Wallet')).toBeTruthy()
  })

  test('behavior: a raised alert shows its title and message and can be dismissed', async () => {
    // No projectId: the core raises the SPEC 8 "Project ID Not Configured" alert.
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const alert = await waitFor(() => byText(root, '.alert', 'Project ID Not Configured'))
    expect(alert.getAttribute('role')).toBe('alert')
    click(byLabel(alert, 'Dismiss: Project ID Not Configured'))
    expect(root.querySelector('.alert')).toBeNull()
    expect(count(airlock, 'alerts/dismissed')).toBe(1)
  })
})
