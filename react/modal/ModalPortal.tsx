import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import type { View } from '../../core/actions/views.js'
import { LoadBoundary } from './LoadBoundary.js'

type ModalModule = typeof import('./Modal.js')

/** The modal once its chunk and first view are in: from then on it renders in the click's own frame. */
let modalModule: ModalModule | undefined
/** Portals waiting for a preload that someone else (a button's idle or hover warm-up) started. */
const arrivals = new Set<() => void>()

/**
 * Fetches the modal chunk and the view it opens on; the module cache keeps both. Buttons call it
 * on hover/focus (and when the page is idle) to warm it up.
 */
export const preloadModal = (view: View = 'Connect'): Promise<ModalModule> =>
  import('./Modal.js').then(async (module) => {
    // A view that fails here shows its own error inside the modal; the modal itself is fine.
    await Promise.resolve()
      .then(() => module.preloadView(view))
      .catch(() => {})
    modalModule = module
    for (const arrived of arrivals) arrived()
    return module
  })

/**
 * Portals the modal into a shadow root. Nothing is loaded until the modal first
 * opens or a toast shows; after that it stays mounted, so reopening is instant.
 * No React.lazy here: it renders once the chunk (and the first view) is in, at once
 * when it was preloaded. A suspended first render would stay hidden 300 ms longer
 * (React's fallback throttle).
 */
export function ModalPortal({ container, embedded }: { container: Element; embedded: boolean }) {
  const open = useAirlockSelector((state) => state.modal.open || state.notifications.open)
  const airlock = useAirlockInstance()
  // Mounted (closed) as soon as a warm-up brought the chunk in: its stylesheet is parsed and
  // applied then, at idle time, instead of inside the click that opens the modal (issue #7).
  const [loaded, setLoaded] = useState(open || modalModule !== undefined)
  useEffect(() => {
    if (loaded) return
    const arrived = () => setLoaded(true)
    arrivals.add(arrived)
    return () => void arrivals.delete(arrived)
  }, [loaded])
  // Each attempt gets a fresh error boundary; a chunk that arrives re-renders.
  const [attempt, setAttempt] = useState(0)
  const [, setArrived] = useState(0)
  // After a failure, wait until nothing asks for the modal, so a failing chunk is not retried in a loop.
  const [blocked, setBlocked] = useState(false)
  if (blocked && !open) setBlocked(false)
  if (open && !loaded && !blocked) setLoaded(true)
  const onError = (error: { message: string }) => {
    // The modal cannot show: close it (nothing looks stuck open) and report; the next open tries again.
    airlock.dispatch({ type: 'telemetry/errorCaptured', errorType: 'ModalLoadError', error })
    airlock.close()
    setBlocked(true)
    setLoaded(false)
    setAttempt((n) => n + 1)
  }
  useEffect(() => {
    if (!loaded || modalModule) return
    let live = true
    preloadModal(airlock.getState().router.view).then(
      () => live && setArrived((n) => n + 1),
      (error: unknown) => live && onError({ message: error instanceof Error && error.message ? error.message : 'Something went wrong' }),
    )
    return () => {
      live = false
    }
    // onError only closes over setters and the instance, so it is left out of the deps.
  }, [loaded, attempt, airlock])
  const Modal = modalModule?.default
  if (!loaded || !Modal) return null
  return createPortal(
    <LoadBoundary key={attempt} fallback={null} onError={onError}>
      <Modal embedded={embedded} />
    </LoadBoundary>,
    container,
  )
}

/**
 * Creates the shadow root the modal renders in: open, so host test tools can
 * reach inside, with one mount point. Reuses an existing root (StrictMode
 * runs effects twice; `attachShadow` works only once per element).
 */
export function shadowMount(host: Element): Element {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const existing = Array.from(root.children).find((child) => child.hasAttribute('data-airlock-mount'))
  if (existing) return existing
  const mount = host.ownerDocument.createElement('div')
  mount.setAttribute('data-airlock-mount', '')
  root.appendChild(mount)
  return mount
}
