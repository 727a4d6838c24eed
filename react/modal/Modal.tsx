import { useCallback, useId, useMemo, useRef, type MouseEvent } from 'react'
import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { themeStyle } from '../theme/themeStyle.js'
import { Alerts } from './Alerts.js'
import { Header } from './Header.js'
import { MODAL_CSS } from './styles.js'
import { Toasts } from './Toasts.js'
import { useDialogFocus } from './useDialogFocus.js'
import { ViewHost } from './ViewHost.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

// ModalPortal fetches the first view together with this chunk, so the modal opens fully drawn.
export { preloadView } from './ViewHost.js'

/**
 * The modal (a lazy chunk): theme, stylesheet, the dialog while open, and the
 * toast live region. `embedded` renders the card inline with no overlay, no
 * focus trap and no Escape handling.
 */
export default function Modal({ embedded }: { embedded: boolean }) {
  const { open, mode, variables } = useAirlockSelector(
    (state) => ({ open: state.modal.open, mode: state.theme.mode, variables: state.theme.variables }),
    shallowEqual,
  )
  const style = useMemo(() => themeStyle(variables), [variables])
  return (
    <div className="root" data-theme={mode ?? undefined} style={style}>
      <style>{MODAL_CSS}</style>
      {open ? embedded ? <Dialog modal={false} /> : <Overlay /> : null}
      <Toasts />
    </div>
  )
}

function Overlay() {
  const airlock = useAirlockInstance()
  const onClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) airlock.close()
  }
  return (
    <div className="overlay" data-airlock="overlay" onClick={onClick}>
      <Dialog modal />
    </div>
  )
}

function Dialog({ modal }: { modal: boolean }) {
  const airlock = useAirlockInstance()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const shake = useAirlockSelector((state) => state.modal.shake)
  const close = useCallback(() => airlock.close(), [airlock])
  const onKeyDown = useDialogFocus(ref, modal, close)
  return (
    <div
      ref={ref}
      className="card"
      role="dialog"
      aria-modal={modal ? 'true' : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-embedded={modal ? undefined : ''}
      data-shake={shake ? '' : undefined}
      onKeyDown={onKeyDown}
    >
      <Header titleId={titleId} />
      <Alerts />
      <ViewHost dialog={ref} />
    </div>
  )
}
