import type { NotificationVariant } from '../../core/actions/types.js'
import { shortErrorText } from '../../core/errors/shortErrorText.js'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { CloseIcon } from './parts/icons.js'
import { useT } from '../i18n/useT.js'

const ICONS: Record<NotificationVariant, string> = { success: '✓', error: '!', info: 'i', loading: '' }

/**
 * The one toast on screen (SPEC 4), inside a live region that exists before any toast does. An error
 * toast is often made from a wallet's, the frame's or a library's error text: it shows its short form
 * (one line, capped), and the whole text stays in the action, so in the event log.
 */
export function Toasts() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { current, open } = useAirlockSelector((state) => state.notifications)
  // Our own texts stay as they are; an error's is shortened where it is shown.
  const error = current?.variant === 'error'
  const message = current ? t.core(error ? shortErrorText(current.message) : current.message) : undefined
  const description = current?.description ? t.core(error ? shortErrorText(current.description, '') : current.description) : undefined
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
            <p>{message}</p>
            {description ? <p className="muted">{description}</p> : null}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.dismissNotification')}
            onClick={() => airlock.dispatch({ type: 'notifications/dismissRequested', id: current.id })}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  )
}
