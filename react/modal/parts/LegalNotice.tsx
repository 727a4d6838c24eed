import type { ReactNode } from 'react'
import { isSafeOpenUrl } from '../../../core/chains/isSafeOpenUrl.js'
import { useT } from '../../i18n/useT.js'

export interface LegalLinks {
  readonly terms: string | null
  readonly privacy: string | null
}

/**
 * The site's terms and privacy URLs that may be shown: https (or http on localhost, for the dev
 * stack); any other URL is left out, never rendered as a link.
 * @example legalLinks({ termsConditionsUrl: 'https://site.example/terms' }) // { terms: 'https://…', privacy: null }
 */
export function legalLinks(options: { readonly termsConditionsUrl?: string; readonly privacyPolicyUrl?: string }): LegalLinks {
  const safe = (url: string | undefined) => (isSafeOpenUrl(url, { allowLocalhostHttp: true }) ? url! : null)
  return { terms: safe(options.termsConditionsUrl), privacy: safe(options.privacyPolicyUrl) }
}

export interface LegalNoticeProps {
  readonly links: LegalLinks
  /** With the legal checkbox on: whether it is ticked, and its handler; null for the plain notice. */
  readonly checkbox: { readonly checked: boolean; readonly onChange: (checked: boolean) => void } | null
}

/**
 * The site's terms and privacy policy under the connect methods. With `features.legalCheckbox` it
 * is a checkbox the person ticks before any connect button works (the Connect view disables them
 * until then); without it, one line of text. Nothing shows when there is no link to show.
 * @example <LegalNotice links={legalLinks(options)} checkbox={null} />
 */
export function LegalNotice({ links, checkbox }: LegalNoticeProps) {
  const t = useT()
  if (!links.terms && !links.privacy) return null
  const terms = links.terms ? (
    <a key="terms" href={links.terms} target="_blank" rel="noopener noreferrer">
      {t('connect.LegalNotice.terms')}
    </a>
  ) : null
  const privacy = links.privacy ? (
    <a key="privacy" href={links.privacy} target="_blank" rel="noopener noreferrer">
      {t('connect.LegalNotice.privacy')}
    </a>
  ) : null
  // One sentence per case, the links where its placeholders are, so a language can put them anywhere.
  const which = terms && privacy ? 'both' : terms ? 'terms' : 'privacy'
  const sentence = (kind: keyof typeof SENTENCES) => withLinks(t(SENTENCES[kind][which], { terms: TERMS_MARK, privacy: PRIVACY_MARK }), terms, privacy)
  if (!checkbox) {
    return (
      <p className="muted legal" data-airlock="legal-notice">
        {sentence('agree')}
      </p>
    )
  }
  return (
    <label className="legal legal-check" data-airlock="legal-checkbox">
      <input type="checkbox" checked={checkbox.checked} onChange={(event) => checkbox.onChange(event.currentTarget.checked)} />
      <span>{sentence('checkbox')}</span>
    </label>
  )
}

/** The notice's and the checkbox's sentence, by the links there are. */
const SENTENCES = {
  agree: { both: 'connect.LegalNotice.agreeBoth', terms: 'connect.LegalNotice.agreeTerms', privacy: 'connect.LegalNotice.agreePrivacy' },
  checkbox: { both: 'connect.LegalNotice.checkboxBoth', terms: 'connect.LegalNotice.checkboxTerms', privacy: 'connect.LegalNotice.checkboxPrivacy' },
} as const

/** Stand for the links in a formatted sentence, which is cut there to put them in. */
const TERMS_MARK = '\u0001'
const PRIVACY_MARK = '\u0002'

/** The sentence's text with each mark replaced by its link (empty pieces left out, so English keeps its DOM). */
function withLinks(text: string, terms: ReactNode, privacy: ReactNode): ReactNode[] {
  return text.split(/([\u0001\u0002])/).flatMap((piece) => (piece === TERMS_MARK ? [terms] : piece === PRIVACY_MARK ? [privacy] : piece === '' ? [] : [piece]))
}
