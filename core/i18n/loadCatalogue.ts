import type { Catalogue } from './types.js'
import type { Locale } from './locales.js'

/** Each language its own chunk, fetched only when a page shows it. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Catalogue }>> = {
  es: () => import('./locales/es.js'),
  zh: () => import('./locales/zh.js'),
  ja: () => import('./locales/ja.js'),
  ar: () => import('./locales/ar.js'),
}

/**
 * A shipped language's catalogue (its chunk loads on first use); rejects when it cannot load.
 * @example const es = await loadCatalogue('es')
 */
export function loadCatalogue(locale: Exclude<Locale, 'en'>): Promise<Catalogue> {
  return LOADERS[locale]().then((m) => m.messages)
}
