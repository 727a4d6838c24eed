import { safeWalletLink } from '../../../core/registry/safeWalletLink.js'
/** Where a wallet link leads: the phone app, the desktop app, or the wallet's web app. */
export type DeepLinkKind = 'mobile' | 'desktop' | 'web'

export interface DeepLink {
  readonly kind: DeepLinkKind
  /** The link with the pairing URI, ready for `window.open`. */
  readonly href: string
  /** `_self` for app schemes (the OS hands them over), `_blank` for web pages. */
  readonly target: '_self' | '_blank'
}

/** The link fields of a registry wallet (SPEC 3); outside data, checked here before use. */
export interface WalletLinks {
  readonly mobile_link?: unknown
  readonly desktop_link?: unknown
  readonly webapp_link?: unknown
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * True when `link` may be opened as a wallet link of `kind` (core's `safeWalletLink`, the one check
 * for such links): web links only over https (plain http only to loopback while the page itself
 * is served from there, `dev`); app links over https (universal links) or the wallet's own scheme.
 * @example isAllowedLink('javascript:alert(1)', 'mobile', { dev: false }) // false
 */
export function isAllowedLink(link: unknown, kind: DeepLinkKind, { dev }: { dev: boolean }): link is string {
  return safeWalletLink(link, kind === 'web' ? 'web' : 'app', { allowLoopbackHttp: dev }) !== null
}

/**
 * The WalletConnect convention for handing a pairing URI to a wallet: `{link}wc?uri={encoded}`,
 * with `://` ensured after an app scheme and a trailing `/` after a web address.
 * @example deepLinkHref('rainbow:', 'wc:…') // 'rainbow://wc?uri=wc%3A…'
 */
export function deepLinkHref(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https?:/i.test(link)) return `${link.endsWith('/') ? link : `${link}/`}wc?uri=${encoded}`
  const scheme = link.slice(0, link.indexOf(':'))
  const rest = link.slice(scheme.length + 1).replace(/^\/*/, '')
  return `${scheme}://${rest}${rest === '' || rest.endsWith('/') ? '' : '/'}wc?uri=${encoded}`
}

/**
 * The buttons a pairing view offers for `wallet`: on mobile the app link first (the primary
 * action), on desktop the desktop app; the web app everywhere. Links failing `isAllowedLink` are
 * left out, so a hostile registry entry yields no button at all.
 * @example walletDeepLinks({ mobile_link: 'rainbow:' }, 'wc:…', { isMobile: true, dev: false })
 */
export function walletDeepLinks(wallet: WalletLinks, uri: string, { isMobile, dev }: { isMobile: boolean; dev: boolean }): DeepLink[] {
  const links: DeepLink[] = []
  const add = (kind: DeepLinkKind, link: unknown): void => {
    if (!isAllowedLink(link, kind, { dev })) return
    links.push({ kind, href: deepLinkHref(link, uri), target: kind === 'web' || /^https?:/i.test(link) ? '_blank' : '_self' })
  }
  if (isMobile) add('mobile', wallet.mobile_link)
  else add('desktop', wallet.desktop_link)
  add('web', wallet.webapp_link)
  return links
}

/** True for a page served from this machine (the dev stack), where plain-http wallet links may open. */
export function isLoopbackOrigin(origin: string | null): boolean {
  if (!origin) return false
  try {
    return LOOPBACK.has(new URL(origin).hostname)
  } catch {
    return false
  }
}
