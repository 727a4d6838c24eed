import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { BackIcon, CloseIcon } from './parts/icons.js'
import { selectViewTitle } from './viewTitle.js'
import { useT } from '../i18n/useT.js'

/** Back (when there is history, except on ApproveTransaction), the view title (the dialog's label), close. */
export function Header({ titleId }: { titleId: string }) {
  const airlock = useAirlockInstance()
  const t = useT()
  // No Back on ApproveTransaction: it would hide a request the secure frame is still asking about
  // (closing the modal aborts it instead).
  const { title, canGoBack } = useAirlockSelector(
    (state) => ({ title: selectViewTitle(state, t), canGoBack: state.router.history.length > 1 && state.router.view !== 'ApproveTransaction' }),
    shallowEqual,
  )
  return (
    <div className="header">
      {canGoBack ? (
        <button type="button" className="icon-button" aria-label={t('common.back')} onClick={() => airlock.dispatch({ type: 'router/backRequested' })}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      {/* Keyed by title: a new title fades in (SPEC 2, header text). */}
      <h2 key={title} id={titleId} className="title">
        {title}
      </h2>
      <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => airlock.close()}>
        <CloseIcon />
      </button>
    </div>
  )
}
