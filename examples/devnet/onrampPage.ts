import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { formatUnits } from 'viem'
import { coinOf, networkLabel } from './onrampOrder.js'
import { formatCents, type PaymentMethod } from './onrampPricing.js'
import type { OnrampOrder, OnrampSession } from './onrampSessions.js'

/** The provider's name on its pages. */
export const DEV_PAY_TITLE = 'Airlock Dev Pay'
/** The aggregator's pages name it, so a buyer (and a test) sees which provider the app opened. */
export const DEV_AGGREGATOR_TITLE = `${DEV_PAY_TITLE} · aggregator`
const METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = { card: 'Card', ach_bank_account: 'Bank account (ACH)' }

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;background:#f2f4f7;color:#14171f;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:14px;padding:1.5rem 1.75rem;box-shadow:0 4px 18px #0001}
h1{font-size:1.2rem;margin:0 0 .25rem}h2{font-size:1.05rem}.note{color:#5b6270;font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem}dt{color:#5b6270}dd{margin:0;overflow-wrap:anywhere}
button{width:100%;padding:.8rem;border:0;border-radius:10px;background:#1f5eff;color:#fff;font-size:1rem;cursor:pointer}
code{font-size:.85rem}.error{color:#b42318}`
/**
 * The pages run no script, load nothing and post only to this gateway; the one inline style
 * block is allowed by its hash, so nothing a request puts on the page can style or script it.
 */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

/**
 * Text made safe for HTML content and quoted attributes.
 * @example escapeHtml('<b title="x">') // '&lt;b title=&quot;x&quot;&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!)
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** The provider title of an order's pages. */
function titleOf(order: Pick<OnrampOrder, 'provider'>): string {
  return order.provider === 'aggregator' ? DEV_AGGREGATOR_TITLE : DEV_PAY_TITLE
}

/** Writes a page of the dev provider (`title` names which): `body` is HTML built with escapeHtml from every value it shows. */
export function answerPage(res: ServerResponse, status: number, heading: string, body: string, title = DEV_PAY_TITLE): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the form's POST, and Pay refuses it.
    'referrer-policy': 'same-origin',
    // A checkout page is per session and changes once paid.
    'cache-control': 'no-store',
  })
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${heading} · ${title}`)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`)
}

/** The order's details, as the checkout and the receipt both list them. */
function orderList(session: OnrampSession): string {
  const { price } = session
  const fiat = (cents: bigint) => escapeHtml(`${formatCents(cents)} ${price.currency}`)
  const rows: [string, string][] = [
    ['You buy', escapeHtml(`${formatUnits(price.cryptoBaseUnits, coinOf(session).decimals)} ${session.symbol}`)],
    ['Price', fiat(price.subtotalCents)],
    ['Provider fee', fiat(price.providerFeeCents)],
    ['Network fee', fiat(price.networkFeeCents)],
    ['You pay', `<strong>${fiat(price.totalCents)}</strong>`],
    ['To', `<code>${escapeHtml(session.destination)}</code>`],
    ['Network', escapeHtml(networkLabel(session))],
    ...(session.paymentMethod ? [['Paid by', METHOD_NAMES[session.paymentMethod]] as [string, string]] : []),
    ...(session.partnerUserId ? [['Customer', escapeHtml(session.partnerUserId)] as [string, string]] : []),
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`
}

/** The checkout: what is bought, for how much, where it goes, and a Pay button posting the session id. */
export function checkoutPage(res: ServerResponse, session: OnrampSession): void {
  const standIn = session.provider === 'aggregator' ? 'an on-ramp aggregator: nothing is charged' : 'a card provider: no card is charged'
  answerPage(
    res,
    200,
    'Checkout',
    `<p class="note">A local stand-in for ${standIn}; the dev treasury sends the ${escapeHtml(session.symbol)} on the dev chain.</p>` +
      orderList(session) +
      `<form method="post" action="/dev/onramp/pay"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><button type="submit">Pay ${escapeHtml(`${formatCents(session.price.totalCents)} ${session.price.currency}`)}</button></form>`,
    titleOf(session),
  )
}

/** The receipt (`heading` 'Payment complete', or 'Already paid' for a second Pay), naming the transfer. */
export function receiptPage(res: ServerResponse, status: number, heading: string, session: OnrampSession): void {
  answerPage(res, status, heading, `<h2>${escapeHtml(heading)}</h2>${orderList(session)}<p>Transaction <code>${escapeHtml(session.txHash ?? '')}</code></p><p class="note">You can close this window.</p>`, titleOf(session))
}

/** A page that only says what went wrong; `order` names the provider when there is one. */
export function messagePage(res: ServerResponse, status: number, heading: string, message: string, order?: Pick<OnrampOrder, 'provider'>): void {
  answerPage(res, status, heading, `<h2 class="error">${escapeHtml(heading)}</h2><p>${escapeHtml(message)}</p>`, order ? titleOf(order) : DEV_PAY_TITLE)
}
