import { useCallback, useRef, useState } from 'react'
import { errorText } from './requests.js'

export type Outcome = { kind: 'ok' | 'error' | 'pending'; text: string } | null

/** Runs one wallet request and keeps its outcome as text (never HTML). */
export function useRequest(): [Outcome, (run: () => Promise<unknown>) => Promise<void>] {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const inFlight = useRef(false)
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    if (inFlight.current) return // one request at a time per button: double clicks do nothing
    inFlight.current = true
    setOutcome({ kind: 'pending', text: 'Waiting for the wallet…' })
    try {
      const result = await fn()
      setOutcome({ kind: 'ok', text: typeof result === 'string' ? result : JSON.stringify(result) })
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error) })
    } finally {
      inFlight.current = false
    }
  }, [])
  return [outcome, run]
}

export function Result({ outcome, testid }: { outcome: Outcome; testid: string }) {
  if (!outcome) return null
  return (
    <output data-testid={testid} data-state={outcome.kind} className={`result ${outcome.kind}`}>
      {outcome.kind === 'error' ? 'Error: ' : ''}
      {outcome.text}
    </output>
  )
}

/** One demo action: its button, an optional note (where it pays to), and its outcome. */
export function ActionRow({ testid, label, onClick, outcome, note }: { testid: string; label: string; onClick: () => void; outcome: Outcome; note?: string }) {
  return (
    <div className="action">
      <button type="button" data-testid={testid} onClick={onClick}>
        {label}
      </button>
      {note ? (
        <span className="muted small">
          to <span className="mono">{note}</span>
        </span>
      ) : null}
      <Result outcome={outcome} testid={`${testid}-result`} />
    </div>
  )
}
