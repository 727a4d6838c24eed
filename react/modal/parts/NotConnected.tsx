import { useAirlockInstance } from '../../context.js'
import { useT } from '../../i18n/useT.js'

/** What an account view shows with no account: the fact, and the way to the Connect view. */
export function NotConnected() {
  const airlock = useAirlockInstance()
  const t = useT()
  return (
    <div className="center">
      <p className="muted">{t('account.NotConnected.message')}</p>
      <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/resetRequested', view: 'Connect' })}>
        {t('account.NotConnected.connect')}
      </button>
    </div>
  )
}
