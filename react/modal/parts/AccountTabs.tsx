import { Suspense, useRef, useState, type KeyboardEvent } from 'react'
import { LoadBoundary } from '../LoadBoundary.js'
import { lazyView } from '../lazyView.js'
import { Spinner } from './Spinner.js'
import { useT } from '../../i18n/useT.js'

// Each tab is its own chunk, fetched when first shown (issue 14 deliver 1). `label`: the tab's name in the catalogue.
const TABS = [
  { id: 'tokens', label: 'account.AccountTabs.tokens', Panel: lazyView(() => import('../tabs/TokensTab.js').then((m) => ({ default: m.TokensTab }))) },
  { id: 'nfts', label: 'account.AccountTabs.nfts', Panel: lazyView(() => import('../tabs/NftsTab.js').then((m) => ({ default: m.NftsTab }))) },
  { id: 'activity', label: 'account.AccountTabs.activity', Panel: lazyView(() => import('../tabs/ActivityTab.js').then((m) => ({ default: m.ActivityTab }))) },
] as const

/**
 * The Account view's tabs (SPEC 2: Tokens, NFTs, Activity), as a WAI-ARIA tablist: arrow keys,
 * Home and End move between tabs, only the selected one is in the tab order. Right to left
 * (Arabic), the row is mirrored and so are the arrow keys: the left arrow goes to the next tab.
 */
export function AccountTabs() {
  const t = useT()
  const [selected, setSelected] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const move = (event: KeyboardEvent) => {
    const last = TABS.length - 1
    const forward = t.rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = t.rtl ? 'ArrowRight' : 'ArrowLeft'
    const next = event.key === forward ? (selected === last ? 0 : selected + 1) : event.key === backward ? (selected === 0 ? last : selected - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null
    if (next === null) return
    event.preventDefault()
    setSelected(next)
    buttons.current[next]?.focus()
  }
  const { id, Panel } = TABS[selected]!
  return (
    <div className="stack" data-airlock="account-tabs">
      <div role="tablist" aria-label={t('title.Account')} className="actions" onKeyDown={move} style={{ display: 'flex', gap: 4 }}>
        {TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[i] = element
            }}
            type="button"
            role="tab"
            id={`airlock-tab-${tab.id}`}
            aria-selected={i === selected}
            aria-controls={`airlock-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            className="button"
            data-selected={i === selected ? '' : undefined}
            // The others as neutral buttons, not a faded accent: a faded accent's text fails WCAG contrast.
            data-variant={i === selected ? undefined : 'secondary'}
            style={{ flex: 1 }}
            onClick={() => setSelected(i)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`airlock-panel-${id}`} aria-labelledby={`airlock-tab-${id}`} data-tab={id}>
        <LoadBoundary fallback={<p className="error">{t('account.AccountTabs.loadFailed')}</p>}>
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <Panel />
          </Suspense>
        </LoadBoundary>
      </div>
    </div>
  )
}
