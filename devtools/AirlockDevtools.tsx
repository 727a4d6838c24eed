import { useContext, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { z } from 'zod'
import type { Airlock } from '../core/createAirlock.js'
import { AirlockContext } from '../react/context.js'
import { DevtoolsPanel } from './DevtoolsPanel.js'
import { DEVTOOLS_CSS } from './devtoolsStyles.js'

export interface AirlockDevtoolsProps {
  /** The instance to inspect (default: the nearest `<AirlockProvider>`'s; none: a viewer for imported logs). */
  readonly airlock?: Airlock | undefined
  /** Open at first (default: as the panel was left, else closed). */
  readonly defaultOpen?: boolean
  /** Docked along the bottom of the window with a toggle button (default), or filling its container (a log viewer page). */
  readonly docked?: boolean
}

/** Where the panel's height and open state outlive a reload (the panel's own, not Airlock's data). */
export const DEVTOOLS_STORAGE_KEY = '@airlock/devtools'
const MIN_HEIGHT = 160
const DEFAULT_HEIGHT = 340
const STEP = 24

const savedSchema = z.object({ open: z.boolean(), height: z.number().int().min(MIN_HEIGHT).max(10_000) })
type Saved = z.infer<typeof savedSchema>

function readSaved(): Saved | null {
  try {
    const parsed = savedSchema.safeParse(JSON.parse(localStorage.getItem(DEVTOOLS_STORAGE_KEY) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function save(value: Saved): void {
  try {
    localStorage.setItem(DEVTOOLS_STORAGE_KEY, JSON.stringify(value))
  } catch {
    // Storage off: the panel still works, it only forgets its place.
  }
}

/**
 * The devtools panel: every action of the log live, filtered by type and text, with its payload,
 * the state diff it made and a time slider whose state Airlock's own components render
 * read-only; pause, export, and import a user's exported log. In its own shadow root, so the page's
 * CSS and the panel's never meet. Import it from `airlock-kit/devtools` lazily or in development
 * only: it is never in the page's initial JavaScript.
 * @example const Devtools = lazy(() => import('airlock-kit/devtools').then((m) => ({ default: m.AirlockDevtools })))
 */
export function AirlockDevtools({ airlock, defaultOpen, docked = true }: AirlockDevtoolsProps) {
  const nearest = useContext(AirlockContext)
  const instance = airlock ?? nearest
  const [saved] = useState(() => (typeof localStorage === 'undefined' ? null : readSaved()))
  const [open, setOpen] = useState(defaultOpen ?? saved?.open ?? false)
  const [height, setHeight] = useState(saved?.height ?? DEFAULT_HEIGHT)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (docked) save({ open, height })
  }, [docked, open, height])

  if (!docked) {
    return (
      <ShadowHost style={{ display: 'block', height: '100%' }}>
        <DevtoolsPanel airlock={instance} />
      </ShadowHost>
    )
  }
  const clamp = (value: number) => Math.round(Math.max(MIN_HEIGHT, Math.min(window.innerHeight - 40, value)))
  const onHandleKey = (event: KeyboardEvent) => {
    const delta = { ArrowUp: STEP, ArrowDown: -STEP, PageUp: STEP * 4, PageDown: -STEP * 4 }[event.key]
    if (delta === undefined) return
    event.preventDefault()
    setHeight((h) => clamp(h + delta))
  }
  const onHandlePointer = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    const move = (e: globalThis.PointerEvent) => setHeight(clamp(window.innerHeight - e.clientY))
    const target = event.currentTarget
    // A cancelled drag (the pointer lost to a system gesture) ends like a released one.
    const up = () => {
      target.removeEventListener('pointermove', move)
      target.removeEventListener('pointerup', up)
      target.removeEventListener('pointercancel', up)
    }
    target.addEventListener('pointermove', move)
    target.addEventListener('pointerup', up)
    target.addEventListener('pointercancel', up)
  }
  return (
    <ShadowHost style={{ display: 'contents' }}>
      {open ? (
        <div className="panel docked" style={{ height }}>
          <div
            className="handle"
            role="separator"
            aria-orientation="horizontal"
            aria-label="Resize the devtools panel"
            aria-valuemin={MIN_HEIGHT}
            aria-valuenow={height}
            tabIndex={0}
            onKeyDown={onHandleKey}
            onPointerDown={onHandlePointer}
          />
          <DevtoolsPanel
            airlock={instance}
            onClose={() => {
              setOpen(false)
              queueMicrotask(() => toggle.current?.focus())
            }}
          />
        </div>
      ) : (
        <button ref={toggle} type="button" className="toggle" aria-expanded={false} onClick={() => setOpen(true)}>
          Airlock devtools
        </button>
      )}
    </ShadowHost>
  )
}

/** A div with an open shadow root holding the panel and its stylesheet. */
function ShadowHost({ style, children }: { style: CSSProperties; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  useEffect(() => {
    const host = ref.current
    if (host) setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }))
  }, [])
  return (
    <div ref={ref} data-airlock="devtools" style={style}>
      {root
        ? createPortal(
            <>
              <style>{DEVTOOLS_CSS}</style>
              {children}
            </>,
            root,
          )
        : null}
    </div>
  )
}
