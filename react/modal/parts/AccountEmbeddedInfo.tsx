import { authSession } from '../../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SOCIAL_NAMES } from './embeddedAuth.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The Account view's lines for an email or social login: who is signed in (the email from this
 * tab's memory, never from state or the log; or the provider and user name), and for an email
 * login a "Change email" entry that opens UpdateEmail. Everything outside is rendered as text.
 * @example <AccountEmbeddedInfo />
 */
export function AccountEmbeddedInfo() {
  const airlock = useAirlockInstance()
  const t = useT()
  // `updateEmail` is read so the view re-renders when a new email arrives (the session is not state).
  const { social, userName } = useAirlockSelector((s) => ({ social: s.auth.social, userName: s.auth.userName, updated: s.auth.updateEmail }), shallowEqual)
  const email = authSession(airlock.deps.providers).email
  // The email is bold inside the sentence: the message without its value, cut where `{email}` goes.
  const [beforeEmail = '', afterEmail = ''] = t('account.AccountEmbeddedInfo.signedInAs').split('{email}')
  if (social) {
    return (
      <p className="muted" data-airlock="account-login" data-wrap="">
        {userName
          ? t('account.AccountEmbeddedInfo.signedInWithAs', { provider: SOCIAL_NAMES[social], user: userName })
          : t('account.AccountEmbeddedInfo.signedInWith', { provider: SOCIAL_NAMES[social] })}
      </p>
    )
  }
  return (
    <div className="stack" data-airlock="account-login">
      <p className="muted" data-wrap="">
        {beforeEmail}
        <strong data-airlock="account-email">{email ?? t('account.AccountEmbeddedInfo.yourEmail')}</strong>
        {afterEmail}
      </p>
      <button type="button" className="row" onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: 'UpdateEmail' })}>
        <span className="badge" aria-hidden="true">
          @
        </span>
        <span className="row-name">{t('account.AccountEmbeddedInfo.changeEmail')}</span>
      </button>
    </div>
  )
}
