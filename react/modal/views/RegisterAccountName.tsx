import { useState, type FormEvent } from 'react'
import { NAME_LABEL_PATTERN, NAME_ZONE } from '../../../core/portfolio/names.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { useAirlockInstance } from '../../context.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NotConnected } from '../parts/NotConnected.js'
import { Spinner } from '../parts/Spinner.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

const RULE = 'Letters, digits and hyphens, at least 4 characters.'

/**
 * RegisterAccountName (SPEC 5, 7): type a name, see whether it is free and a few suggestions, then
 * the wallet signs the registration and the name replaces the address wherever it is shown. EVM
 * accounts only. Loaded on demand.
 */
export function RegisterAccountName() {
  const airlock = useAirlockInstance()
  const { address, caipAddress } = useAccount()
  const search = useAirlockSelector((state) => selectPortfolio(state).nameSearch)
  const registration = useAirlockSelector((state) => selectPortfolio(state).registration)
  const [label, setLabel] = useState('')
  if (!address) return <NotConnected />
  if (!caipAddress?.startsWith('eip155:')) return <p className="muted">Names are available for EVM accounts.</p>

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
        <span className="muted">Your name</span>
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <input className="search" autoComplete="off" spellCheck={false} maxLength={63} value={label} onChange={(event) => change(event.target.value)} aria-describedby="airlock-name-status" data-airlock="name-input" style={{ flex: 1 }} />
          <span className="muted">.{NAME_ZONE}</span>
        </span>
      </label>
      <p id="airlock-name-status" className={label !== '' && !valid ? 'error' : 'muted'} role="status" data-airlock="name-status">
        {label === '' || !valid
          ? RULE
          : search.status === 'failed'
            ? search.error?.message
            : current
              ? search.taken
                ? `${label}.${NAME_ZONE} is taken`
                : `${label}.${NAME_ZONE} is available`
              : 'Checking…'}
      </p>
      {current && search.suggestions.length > 0 ? (
        <ul className="list" aria-label="Suggestions" data-airlock="name-suggestions">
          {search.suggestions
            .filter((s) => !s.registered && s.name !== `${label}.${NAME_ZONE}`)
            .map((s) => (
              <li key={s.name}>
                <button type="button" className="row" onClick={() => change(s.name.slice(0, -(NAME_ZONE.length + 1)))}>
                  <span className="row-name">{s.name}</span>
                  <span className="tag">Available</span>
                </button>
              </li>
            ))}
        </ul>
      ) : null}
      {registration.status === 'failed' && registration.error ? (
        <p className="error" role="alert" data-airlock="name-error">
          {registration.error.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!valid || busy || (current && search.taken)} data-airlock="name-register">
        {registration.status === 'signing' ? <Spinner label="Sign the message in your wallet" /> : registration.status === 'registering' ? <Spinner label="Registering" /> : 'Register'}
      </button>
    </form>
  )
}

/** RegisterAccountNameSuccess: the name is yours; back to the account, where it now shows. */
export function RegisterAccountNameSuccess() {
  const airlock = useAirlockInstance()
  const name = useAirlockSelector((state) => selectPortfolio(state).registration.name)
  return (
    <div className="stack center" data-airlock="register-name-success">
      <p className="lead" role="status">
        {name ?? 'Your name'} is yours
      </p>
      <p className="muted">It now shows instead of your address in this app.</p>
      <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/resetRequested', view: 'Account' })}>
        Back to account
      </button>
    </div>
  )
}
