/** The languages Airlock's views ship in: English is built in, the others load on demand. */
export const LOCALES = ['en', 'es', 'zh', 'ja', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

/**
 * The shipped locale for a BCP 47 tag: its language (`es-MX` → `es`, `zh-Hans-CN` → `zh`), or
 * English when Airlock has no catalogue for it.
 * @example resolveLocale('ar-EG') // 'ar'
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : 'en'
}
