import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from '../hooks/useAirlockSelector.js'
import { BackIcon, CloseIcon } from './parts/icons.js'
import { selectViewTitle } from './viewTitle.js'

/** Back (when there is history), the view title (the dialog's label), close. */
export function Header({ titleId }: { titleId: string }) {
  const airlock = useAirlockInstance()
  const { title, canGoBack } = useAirlockSelector((state) => ({ title: selectViewTitle(state), canGoBack: state.router.history.length > 1 }), shallowEqual)
  return (
    <div className="header">
      {canGoBack ? (
        <button type="button" className="icon-button" aria-label="Back" onClick={() => airlock.dispatch({ type: 'router/backRequested' })}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      {/* Keyed by title: a new title fades in (SPEC 2, header text). */}
      <h2 key={title} id={titleId} className="title">
        {title}
      </h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={() => airlock.close()}>
        <CloseIcon />
      </button>
    </div>
  )
}
