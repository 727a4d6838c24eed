import { useEffect, useRef } from 'react'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { Spinner } from '../parts/Spinner.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** What each unsafe method asks for, in words. */
const ASKS: Record<string, string> = {
  personal_sign: 'Sign this message',
  eth_signTypedData_v4: 'Sign this typed data',
  eth_sendTransaction: 'Send this transaction',
  wallet_sendCalls: 'Send these calls',
  wallet_grantPermissions: 'Grant these permissions',
  wallet_revokePermissions: 'Revoke these permissions',
  solana_signMessage: 'Sign this message',
  solana_signTransaction: 'Sign this transaction',
  solana_signAllTransactions: 'Sign these transactions',
  solana_signAndSendTransaction: 'Sign and send this transaction',
}

/**
 * ApproveTransaction (SPEC 2, 4): an unsafe request of the embedded wallet, shown as plain text
 * (method and params), with Approve and Reject; waiting while the frame signs. After a failure
 * the epic pops this view or closes the modal and toasts the error (SPEC 4 "Signing requests").
 * A disallowed method shows SPEC 8 'Action not allowed' instead.
 */
export function ApproveTransaction() {
  const airlock = useAirlockInstance()
  const { approval, approving, error, notAllowed, waiting } = useAirlockSelector(
    (s) => ({ approval: s.auth.approvals[0] ?? null, approving: s.auth.approving, error: s.auth.approvalError?.message ?? null, notAllowed: s.auth.notAllowed, waiting: s.auth.approvals.length }),
    shallowEqual,
  )
  const approve = useRef<HTMLButtonElement>(null)
  useEffect(() => approve.current?.focus(), [approval?.id])
  const close = () => airlock.dispatch({ type: 'modal/closeRequested' })

  // A failed request leaves this view (its error is a toast); another waiting request comes first.
  if (notAllowed || !approval) {
    return (
      <div className="center" data-airlock="approve">
        {notAllowed || error ? (
          <p className="error" role="alert">
            {notAllowed ? 'Action not allowed' : error}
          </p>
        ) : (
          <Spinner label="Waiting for a request" size="lg" />
        )}
        <button type="button" className="button" data-variant="secondary" onClick={close}>
          Close
        </button>
      </div>
    )
  }
  const busy = approving === approval.id
  return (
    <div className="stack" data-airlock="approve">
      <div className="center">
        <p className="lead">{ASKS[approval.method] ?? 'Approve this request'}</p>
        <p className="muted">
          Method: <code>{approval.method}</code>
          {waiting > 1 ? ` (${waiting - 1} more waiting)` : ''}
        </p>
      </div>
      <pre
        aria-label="Request details"
        tabIndex={0}
        style={{ margin: 0, maxHeight: 200, overflow: 'auto', padding: 12, borderRadius: 12, background: 'var(--airlock-background)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}
      >
        {approval.summary}
      </pre>
      {busy ? <Spinner label="Waiting for the embedded wallet" /> : null}
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" disabled={busy} onClick={() => airlock.dispatch({ type: 'auth/requestRejected', id: approval.id })}>
          Reject
        </button>
        <button ref={approve} type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => airlock.dispatch({ type: 'auth/requestApproved', id: approval.id })}>
          {busy ? 'Approving…' : 'Approve'}
        </button>
      </div>
    </div>
  )
}
