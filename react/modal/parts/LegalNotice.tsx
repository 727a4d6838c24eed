import { isSafeOpenUrl } from '../../../core/chains/isSafeOpenUrl.js'

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
  if (!links.terms && !links.privacy) return null
  const text = (
    <>
      {links.terms ? (
        <a href={links.terms} target="_blank" rel="noopener noreferrer">
          Terms of Service
        </a>
      ) : null}
      {links.terms && links.privacy ? ' and ' : null}
      {links.privacy ? (
        <a href={links.privacy} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
      ) : null}
    </>
  )
  if (!checkbox) {
    return (
      <p className="muted legal" data-airlock="legal-notice">
        By connecting your wallet, you agree to our {text}
      </p>
    )
  }
  return (
    <label className="legal legal-check" data-airlock="legal-checkbox">
      <input type="checkbox" checked={checkbox.checked} onChange={(event) => checkbox.onChange(event.currentTarget.checked)} />
      <span>I agree to our {text}</span>
    </label>
  )
}
