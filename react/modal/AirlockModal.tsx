import { useContext, useEffect, useRef, useState } from 'react'
import { PlacedModalContext } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { ModalPortal, shadowMount } from './ModalPortal.js'

export interface AirlockModalProps {
  /**
   * Where this element puts the modal, whatever the options say: `true` renders the card in place
   * (no overlay, not modal), `false` the usual overlay mounted here; either way the provider then
   * appends none to `document.body`. Absent: the options decide (`enableEmbedded`, `disableAppend`).
   */
  embedded?: boolean
}

/**
 * The modal, placed by the host itself: `<AirlockModal embedded />` renders it inline, as does
 * `enableEmbedded`; `disableAppend` (or `embedded={false}`) mounts the usual overlay here instead
 * of on `document.body`. Without the prop or either option it renders nothing, so the modal never
 * appears twice.
 * @example <AirlockProvider airlock={airlock}><AirlockModal embedded /></AirlockProvider>
 */
export function AirlockModal({ embedded: prop }: AirlockModalProps = {}) {
  const place = useContext(PlacedModalContext)
  const byOptions = useAirlockSelector(
    (state) => (state.options.enableEmbedded ? EMBEDDED : state.options.disableAppend ? PLACED : NONE),
  )
  const { embedded, placed } = prop === undefined ? byOptions : prop ? EMBEDDED : PLACED
  const ref = useRef<HTMLDivElement>(null)
  const [mount, setMount] = useState<Element | null>(null)
  // Counted by the provider, which appends no modal of its own while one is placed (StrictMode's
  // second mount counts back to one).
  useEffect(() => {
    if (prop === undefined) return
    place((n) => n + 1)
    return () => place((n) => n - 1)
  }, [place, prop === undefined])
  useEffect(() => {
    if (placed && ref.current) setMount(shadowMount(ref.current))
  }, [placed])
  if (!placed) return null
  return (
    <div ref={ref} data-airlock="modal-host" style={embedded ? { display: 'block' } : { display: 'contents' }}>
      {mount ? <ModalPortal container={mount} embedded={embedded} /> : null}
    </div>
  )
}

const EMBEDDED = { embedded: true, placed: true }
const PLACED = { embedded: false, placed: true }
const NONE = { embedded: false, placed: false }
