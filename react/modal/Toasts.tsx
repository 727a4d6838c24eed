import type { NotificationVariant } from '../../core/actions/types.js'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { CloseIcon } from './parts/icons.js'

const ICONS: Record<NotificationVariant, string> = { success: '✓', error: '!', info: 'i', loading: '' }

/** The one toast on screen (SPEC 4), inside a live region that exists before any toast does. */
export function Toasts() {
  const airlock = useAirlockInstance()
  const { current, open } = useAirlockSelector((state) => state.notifications)
  return (
    <div className="toasts" role="status" aria-live="polite">
      {open && current ? (
        <div className="toast" data-variant={current.variant} data-airlock="toast">
          {current.variant === 'loading' ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <span className="toast-icon" aria-hidden="true">
              {ICONS[current.variant]}
            </span>
          )}
          <div className="toast-text">
            <p>{current.message}</p>
            {current.description ? <p className="muted">{current.description}</p> : null}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss notification"
            onClick={() => airlock.dispatch({ type: 'notifications/dismissRequested', id: current.id })}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  )
}
