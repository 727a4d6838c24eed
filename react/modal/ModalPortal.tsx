import { lazy, Suspense, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { LoadBoundary } from './LoadBoundary.js'

/** Fetches the modal chunk; the module cache keeps it. Buttons call it on hover/focus to warm it up. */
export const preloadModal = () => import('./Modal.js')

/**
 * Portals the modal into a shadow root. Nothing is loaded until the modal first
 * opens or a toast shows; after that it stays mounted, so reopening is instant.
 */
export function ModalPortal({ container, embedded }: { container: Element; embedded: boolean }) {
  const open = useAirlockSelector((state) => state.modal.open || state.notifications.open)
  const airlock = useAirlockInstance()
  const [loaded, setLoaded] = useState(open)
  // A new lazy component per attempt: React.lazy remembers a failed load forever.
  const [attempt, setAttempt] = useState(0)
  const Modal = useMemo(() => lazy(preloadModal), [attempt])
  // After a failure, wait until nothing asks for the modal, so a failing chunk is not retried in a loop.
  const [blocked, setBlocked] = useState(false)
  if (blocked && !open) setBlocked(false)
  if (open && !loaded && !blocked) setLoaded(true)
  if (!loaded) return null
  const onError = (error: { message: string }) => {
    // The modal cannot show: close it (nothing looks stuck open) and report; the next open tries again.
    airlock.dispatch({ type: 'telemetry/errorCaptured', errorType: 'ModalLoadError', error })
    airlock.close()
    setBlocked(true)
    setLoaded(false)
    setAttempt((n) => n + 1)
  }
  return createPortal(
    <LoadBoundary key={attempt} fallback={null} onError={onError}>
      <Suspense fallback={null}>
        <Modal embedded={embedded} />
      </Suspense>
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
