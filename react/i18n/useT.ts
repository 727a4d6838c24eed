import { useMemo } from 'react'
import { catalogues } from '../../core/i18n/catalogues.js'
import { en, type MessageKey } from '../../core/i18n/en.js'
import { formatMessage, type MessageValues } from '../../core/i18n/formatMessage.js'
import { useAirlockSelector } from '../hooks/useAirlockSelector.js'

/** Looks a message up in the shown language (English where it has none) and formats it. */
export interface Translate {
  (key: MessageKey, values?: MessageValues): string
  /** A product string core put in state (an error's text, a toast's), by its English text; itself when the language has none. */
  core(text: string): string
  /** The language shown (`en` until another's catalogue is loaded): for `Intl` and the `lang` attribute. */
  readonly locale: string
  /** Right to left (Arabic). */
  readonly rtl: boolean
}

/**
 * The views' messages in the language the page shows (`locale` option, `setLocale`), English until
 * that language's chunk has arrived. Every user-facing string in `react/` goes through it
 * (react/i18n/catalogueUse.test.ts fails on one that does not).
 * @example const t = useT(); <h2>{t('connect.title')}</h2>; t('account.tokens', { count: 3 })
 */
export function useT(): Translate {
  const catalogue = useAirlockSelector((state) => state.theme.catalogue)
  return useMemo(() => translator(catalogue), [catalogue])
}

/**
 * A `Translate` for a loaded catalogue's locale (absent or not loaded: English). Outside React,
 * e.g. for a string built in a helper.
 * @example translator('es')('common.close') // 'Cerrar' once es has loaded
 */
export function translator(locale: string | undefined): Translate {
  const messages = locale ? catalogues.get(locale) : undefined
  // A loaded catalogue's locale is a shipped one (core/i18n/locales.ts), so Arabic, the one right-to-left
  // language, is exactly 'ar'. Importing that module here would give it a chunk of its own beside the
  // views: one more file in the page's preload list with Vite, 21 bytes of its first file (issue 12).
  const shown = messages && locale ? locale : 'en'
  const t = ((key: MessageKey, values?: MessageValues) => formatMessage(messages?.[key] ?? en[key], values, shown)) as Translate
  return Object.assign(t, { core: (text: string) => messages?.[`core:${text}`] ?? text, locale: shown, rtl: shown === 'ar' })
}
