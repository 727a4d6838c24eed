import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { en } from './en.js'
import { formatMessage } from './formatMessage.js'
import { LOCALES } from './locales.js'
import { loadCatalogue } from './loadCatalogue.js'

/** The values a message names: `{name}` and `{name, plural, …}`, not a plural's branches (`one {…}`). */
export function placeholders(message: string): string[] {
  const names = [...message.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{\s*(\w+)\s*(?:,\s*plural\s*,|\})/g)].map((m) => m[1]!)
  return [...new Set(names)].sort()
}

/** Every product string core/ writes, as one text to search: a `core:` entry must name one of them. */
function coreSources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'i18n' ? '' : coreSources(path)
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? readFileSync(path, 'utf8') : ''
    })
    .join('\n')
}

describe('the catalogues (issue 18)', () => {
  test('placeholders: a message naming values is found as such, a plural\'s branches are not', () => {
    expect(placeholders('{count, plural, =0 {none} one {# wallet} other {# wallets on {network}}}')).toEqual(['count', 'network'])
    expect(placeholders('No token matches “{query}”')).toEqual(['query'])
    expect(placeholders('Close')).toEqual([])
  })

  const translated = LOCALES.filter((locale) => locale !== 'en')
  const english = Object.keys(en).sort()
  const core = coreSources(join(import.meta.dirname, '..'))

  test.each(translated)('%s: every English key, no other key, the same placeholders, and every message formats', async (locale) => {
    const messages = await loadCatalogue(locale)
    const keys = Object.keys(messages).filter((key) => !key.startsWith('core:'))
    expect(keys.sort()).toEqual(english)
    const values = Object.fromEntries(english.flatMap((key) => placeholders(en[key as keyof typeof en])).map((name) => [name, 2]))
    for (const key of english) {
      const message = messages[key]!
      expect({ key, names: placeholders(message) }).toEqual({ key, names: placeholders(en[key as keyof typeof en]) })
      expect({ key, text: formatMessage(message, values, locale).includes('{') }).toEqual({ key, text: false })
      expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false })
    }
  })

  test.each(translated)('%s: every `core:` entry translates a text core still writes', async (locale) => {
    const messages = await loadCatalogue(locale)
    const stale = Object.keys(messages).filter((key) => key.startsWith('core:') && !core.includes(key.slice('core:'.length)))
    expect(stale).toEqual([])
  })
})
