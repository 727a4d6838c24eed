import { useState, type FormEvent } from 'react'
import { NAME_LABEL_PATTERN, NAME_ZONE } from '../../../core/portfolio/names.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { useAirlockInstance } from '../../context.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT } from '../../i18n/useT.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * RegisterAccountName (SPEC 5, 7): type a name, see whether it is free and a few suggestions, then
 * the wallet signs the registration and the name replaces the address wherever it is shown. EVM
 * accounts only. Loaded on demand.
 */
export function RegisterAccountName() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { address, caipAddress } = useAccount()
  const search = useAirlockSelector((state) => selectPortfolio(state).nameSearch)
  const registration = useAirlockSelector((state) => selectPortfolio(state).registration)
  const [label, setLabel] = useState('')
  if (!address) return <NotConnected />
  if (!caipAddress?.startsWith('eip155:')) return <p className="muted">{t('flows.RegisterAccountName.evmOnly')}</p>

  const valid = NAME_LABEL_PATTERN.test(label)
  const current = search.query === label && search.status === 'loaded'
  const busy = registration.status === 'signing' || registration.status === 'registering'
  const change = (value: string) => {
    const next = value.trim().toLowerCase()
    setLabel(next)
    airlock.dispatch({ type: 'names/searchRequested', query: next })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The store's status, not this render's: a double click lands twice before React re-renders.
    const { status } = selectPortfolio(airlock.getState()).registration
    if (valid && status !== 'signing' && status !== 'registering' && !(current && search.taken)) airlock.dispatch({ type: 'names/registrationRequested', label })
  }

  return (
    <form className="stack" data-airlock="register-name" onSubmit={submit} noValidate>
      <label className="stack">
        <span className="muted">{t('flows.RegisterAccountName.yourName')}</span>
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <input className="search" autoComplete="off" spellCheck={false} maxLength={63} value={label} onChange={(event) => change(event.target.value)} aria-describedby="airlock-name-status" data-airlock="name-input" style={{ flex: 1 }} />
          <span className="muted">.{NAME_ZONE}</span>
        </span>
      </label>
      <p id="airlock-name-status" className={label !== '' && !valid ? 'error' : 'muted'} role="status" data-airlock="name-status">
        {label === '' || !valid
          ? t('flows.RegisterAccountName.rule')
          : search.status === 'failed'
            ? search.error && t.core(search.error.message)
            : current
              ? search.taken
                ? t('flows.RegisterAccountName.taken', { name: `${label}.${NAME_ZONE}` })
                : t('flows.RegisterAccountName.available', { name: `${label}.${NAME_ZONE}` })
              : t('flows.RegisterAccountName.checking')}
      </p>
      {current && search.suggestions.length > 0 ? (
        <ul className="list" aria-label={t('flows.RegisterAccountName.suggestions')} data-airlock="name-suggestions">
          {search.suggestions
            .filter((s) => !s.registered && s.name !== `${label}.${NAME_ZONE}`)
            .map((s) => (
              <li key={s.name}>
                <button type="button" className="row" onClick={() => change(s.name.slice(0, -(NAME_ZONE.length + 1)))}>
                  <span className="row-name">{s.name}</span>
                  <span className="tag">{t('flows.RegisterAccountName.availableTag')}</span>
                </button>
              </li>
            ))}
        </ul>
      ) : null}
      {registration.status === 'failed' && registration.error ? (
        <p className="error" role="alert" data-airlock="name-error">
          {/* Core's own failure names the name inside its English: made again here in the shown language. */}
          {registration.name && registration.error.message === `Error registering name ${registration.name}`
            ? t('flows.RegisterAccountName.registerFailed', { name: registration.name })
            : t.core(registration.error.message)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!valid || busy || (current && search.taken)} data-airlock="name-register">
        {registration.status === 'signing' ? (
          <Spinner label={t('flows.RegisterAccountName.signInWallet')} />
        ) : registration.status === 'registering' ? (
          <Spinner label={t('flows.RegisterAccountName.registering')} />
        ) : (
          t('flows.RegisterAccountName.register')
        )}
      </button>
    </form>
  )
}

/** RegisterAccountNameSuccess: the name is yours; back to the account, where it now shows. */
export function RegisterAccountNameSuccess() {
  const airlock = useAirlockInstance()
  const t = useT()
  const name = useAirlockSelector((state) => selectPortfolio(state).registration.name)
  return (
    <div className="stack center" data-airlock="register-name-success">
      <p className="lead" role="status">
        {name !== null ? t('flows.RegisterAccountNameSuccess.yours', { name }) : t('flows.RegisterAccountNameSuccess.yoursUnnamed')}
      </p>
      <p className="muted">{t('flows.RegisterAccountNameSuccess.shownInstead')}</p>
      <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/resetRequested', view: 'Account' })}>
        {t('flows.RegisterAccountNameSuccess.backToAccount')}
      </button>
    </div>
  )
}
