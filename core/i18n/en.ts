import { account } from './en/account.js'
import { common } from './en/common.js'
import { connect } from './en/connect.js'
import { flows } from './en/flows.js'
import { trade } from './en/trade.js'

/**
 * Every user-facing string of the views, in English: the catalogue the other languages translate
 * (core/i18n/locales/*.ts, checked key for key and placeholder for placeholder by
 * core/i18n/catalogues.test.ts). ICU-style: `{name}` and `{n, plural, one {…} other {…}}`
 * (core/i18n/formatMessage.ts). Built into the views' chunks; the connect button's own two
 * strings are also literals in the page's first file.
 */
export const en = { ...common, ...connect, ...account, ...trade, ...flows } as const

/** A message's name in the catalogue. */
export type MessageKey = keyof typeof en
