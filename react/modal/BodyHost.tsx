import { useEffect, useState } from 'react'
import { ModalPortal, shadowMount } from './ModalPortal.js'

/** The tag of the element appended to `document.body` (its shadow root holds the modal). */
export const HOST_TAG = 'airlock-modal'

/**
 * Appends the modal host to the page body after mount (never on a server) and
 * removes it on unmount; StrictMode's second mount leaves exactly one.
 */
export function BodyHost() {
  const [mount, setMount] = useState<Element | null>(null)
  useEffect(() => {
    if (typeof document === 'undefined') return
    const host = document.createElement(HOST_TAG)
    document.body.appendChild(host)
    setMount(shadowMount(host))
    return () => {
      host.remove()
      setMount(null)
    }
  }, [])
  return mount ? <ModalPortal container={mount} embedded={false} /> : null
}
