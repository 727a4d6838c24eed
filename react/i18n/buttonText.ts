import { catalogues } from '../../core/i18n/catalogues.js'

/**
 * A button's string in the shown language (`state.theme.catalogue`), else its English, given here:
 * the buttons are in the page's first file, the formatter and the English catalogue are not (the
 * buttons' English must equal the catalogue's, react/i18n/catalogueUse.test.ts checks it).
 * `{name}` in the message is replaced by `value`.
 * @example buttonText(locale, 'button.connect', 'Connect Wallet')
 */
export function buttonText(locale: string | undefined, key: string, english: string, value = ''): string {
  return ((locale && catalogues.get(locale)?.[key]) || english).replace(/\{\w+\}/, value)
}
