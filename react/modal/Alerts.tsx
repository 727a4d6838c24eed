import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { CloseIcon } from './parts/icons.js'
import { useT } from '../i18n/useT.js'

/** Raised alerts (SPEC 8: short title, long message), each dismissible. */
export function Alerts() {
  const airlock = useAirlockInstance()
  const t = useT()
  const alerts = useAirlockSelector((state) => state.alerts)
  if (alerts.length === 0) return null
  return (
    <div>
      {alerts.map((alert) => (
        <div key={alert.code} className="alert" data-variant={alert.variant} role={alert.variant === 'error' ? 'alert' : 'status'}>
          <div className="alert-text">
            <p>
              <strong>{t.core(alert.title)}</strong>
            </p>
            <p className="muted">{t.core(alert.message)}</p>
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.dismissAlert', { title: t.core(alert.title) })}
            onClick={() => airlock.dispatch({ type: 'alerts/dismissed', code: alert.code })}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  )
}
