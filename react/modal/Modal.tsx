import * as React from 'react'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { themeStyle } from '../theme/themeStyle.js'
import { useT } from '../i18n/useT.js'
import { Alerts } from './Alerts.js'
import { Header } from './Header.js'
import { MODAL_CSS } from './styles.js'
import { Toasts } from './Toasts.js'
import { useDialogFocus } from './useDialogFocus.js'
import { useOverlayDismiss } from './useOverlayDismiss.js'
import { ViewHost } from './ViewHost.js'
import { warmHiddenDialog } from './warmLayout.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

// ModalPortal fetches the first view together with this chunk, so the modal opens fully drawn.
export { preloadView } from './ViewHost.js'

// The registry's epics start at the first open and import their code then (lazyRegistryEpics.ts;
// the registry itself is still only asked at that open). Fetched with this chunk instead, the code
// is in when that import runs, so the click starts no request (issue 12: about 1 ms of it).
void import('../../core/registry/registryEpics.js').catch(() => undefined)

/**
 * React 19.2's `<Activity>`, read at run time: React 18.3 has none (a named import would be
 * `undefined` there and crash the render), so there the dialog mounts when it opens instead.
 */
const Activity = (React as unknown as { Activity?: ComponentType<{ mode: 'visible' | 'hidden'; children: ReactNode }> }).Activity

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
  // The shown language: `lang` for screen readers and fonts, right to left for Arabic.
  const t = useT()
  // What had focus when the modal opened, read in the render that opens it (before any effect,
  // a child's included, moves focus); the dialog stays mounted while closed, so not at its mount.
  // Each close starts a fresh (hidden) dialog, so an open never shows what the last one left
  // behind (typed text, errors, scroll): the closed one is dropped, the next rendered at idle.
  const [shown, setShown] = useState<{ open: boolean; opener: Element | null; generation: number }>({ open, opener: null, generation: 0 })
  if (shown.open !== open) {
    setShown({ open, opener: open && typeof document !== 'undefined' ? document.activeElement : shown.opener, generation: open ? shown.generation : shown.generation + 1 })
  }
  const root = useRef<HTMLDivElement>(null)
  // While closed only: open, the dialog is laid out anyway.
  useEffect(() => (Activity && !open && root.current ? warmHiddenDialog(root.current) : undefined), [open])
  return (
    <div ref={root} className="root" lang={t.locale} dir={t.rtl ? 'rtl' : 'ltr'} data-theme={mode === 'light' || mode === 'dark' ? mode : undefined} style={style}>
      <style>{MODAL_CSS}</style>
      {/* Closed, the dialog is rendered ahead at idle priority, hidden (display: none) and with no
          effects running: opening then only reveals it and mounts its effects, instead of
          compiling and rendering every component inside the click (issue #7). */}
      {Activity ? (
        <Activity key={shown.generation} mode={open ? 'visible' : 'hidden'}>
          {embedded ? <Dialog modal={false} opener={null} /> : <Overlay opener={shown.opener} />}
        </Activity>
      ) : open ? (
        embedded ? (
          <Dialog modal={false} opener={null} />
        ) : (
          <Overlay opener={shown.opener} />
        )
      ) : null}
      <Toasts />
    </div>
  )
}

function Overlay({ opener }: { opener: Element | null }) {
  const airlock = useAirlockInstance()
  // Not the rest of the click that opened the modal (a double click on Connect), see the hook.
  const onClick = useOverlayDismiss(useCallback(() => airlock.close(), [airlock]))
  return (
    <div className="overlay" data-airlock="overlay" onClick={onClick}>
      <Dialog modal opener={opener} />
    </div>
  )
}

function Dialog({ modal, opener }: { modal: boolean; opener: Element | null }) {
  const airlock = useAirlockInstance()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const shake = useAirlockSelector((state) => state.modal.shake)
  const close = useCallback(() => airlock.close(), [airlock])
  const onKeyDown = useDialogFocus(ref, modal, close, opener)
  // Opening re-renders this dialog (a new opener): the same elements let React skip its content,
  // which the hidden pre-render already rendered. Parts whose state moved on since then re-render
  // on their own when revealed (their store subscriptions check again), still before the paint.
  const content = useMemo(
    () => (
      <>
        <Header titleId={titleId} />
        <Alerts />
        <ViewHost dialog={ref} />
      </>
    ),
    [titleId],
  )
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
      {content}
    </div>
  )
}
