import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useT } from '../../i18n/useT.js'

export const OTP_LENGTH = 6

/**
 * One numeric code field (`inputmode=numeric`, `autocomplete=one-time-code`): typing or pasting
 * keeps the digits only, and the sixth digit submits (Enter too). Focused when it appears; cleared
 * and focused again after every wrong code so the next one can be typed at once.
 * `label` comes translated; `error` is core's English (a frame reply's text), shown through `t.core`.
 * @example <OtpInput label={t('flows.UpdateEmail.codeLabel')} busy={false} error={null} onSubmit={(otp) => verify(otp)} />
 */
export function OtpInput({ label, busy, error, onSubmit }: { label: string; busy: boolean; error: string | null; onSubmit: (otp: string) => void }) {
  const t = useT()
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  // After each failed check (the field was disabled meanwhile and lost focus), also when the
  // message is the same as last time: empty it and give the focus back for the next try.
  useEffect(() => {
    if (error && !busy) {
      setCode('')
      input.current?.focus()
    }
  }, [error, busy])
  const submit = (value: string) => {
    if (value.length === OTP_LENGTH && !busy) onSubmit(value)
  }
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        submit(code)
      }}
    >
      <label htmlFor="airlock-otp" className="muted">
        {label}
      </label>
      <input
        ref={input}
        id="airlock-otp"
        className="search"
        style={{ textAlign: 'center', letterSpacing: '0.5em', fontSize: 20 }}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={code}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'airlock-otp-error' : undefined}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
          setCode(digits)
          submit(digits)
        }}
      />
      {error ? (
        <p id="airlock-otp-error" className="error" role="alert">
          {t.core(error)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy || code.length !== OTP_LENGTH} aria-busy={busy || undefined}>
        {busy ? t('flows.OtpInput.verifying') : t('flows.OtpInput.verify')}
      </button>
    </form>
  )
}
