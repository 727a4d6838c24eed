import { useEffect, useRef, useState } from 'react'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { ModalPortal, shadowMount } from './ModalPortal.js'

/**
 * The modal, placed by the host itself: with `enableEmbedded` it renders inline
 * (no overlay) while open; with `disableAppend` it is the usual overlay, mounted
 * here instead of on `document.body`. Renders nothing without either option, so
 * the modal never appears twice.
 * @example createAirlock({ enableEmbedded: true }); <AirlockProvider airlock={airlock}><AirlockModal /></AirlockProvider>
 */
export function AirlockModal() {
  const { embedded, placed } = useAirlockSelector(
    (state) => (state.options.enableEmbedded ? EMBEDDED : state.options.disableAppend ? PLACED : NONE),
  )
  const ref = useRef<HTMLDivElement>(null)
  const [mount, setMount] = useState<Element | null>(null)
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
