/** Values a message can name: `{name}` takes any, `{n, plural, …}` a number. */
export type MessageValues = Readonly<Record<string, string | number>>

/**
 * Formats an ICU-style message: `{name}` is replaced by its value, and
 * `{n, plural, =0 {none} one {# wallet} other {# wallets}}` picks the exact (`=n`) branch, else
 * the locale's plural category (`Intl.PluralRules`), else `other`; `#` is the number formatted
 * for the locale. Branches may name values too. Only this subset of ICU (no `select`, no
 * apostrophe quoting): it is what the catalogue uses, and a full ICU runtime would cost more than
 * every message together. An unknown name stays as written, so a missing value shows, never throws.
 * @example formatMessage('{n, plural, one {# wallet} other {# wallets}}', { n: 2 }, 'en') // '2 wallets'
 */
export function formatMessage(template: string, values: MessageValues = {}, locale = 'en'): string {
  if (!template.includes('{')) return template
  return new Formatter(template, values, locale).run()
}

class Formatter {
  private at = 0

  constructor(
    private readonly text: string,
    private readonly values: MessageValues,
    private readonly locale: string,
  ) {}

  run(): string {
    return this.until(null, null)
  }

  /** Text up to the closing `}` of the current branch (or the end), with `#` as `count`. */
  private until(close: '}' | null, count: number | null): string {
    let out = ''
    while (this.at < this.text.length) {
      const ch = this.text[this.at]!
      if (ch === '}' && close) {
        this.at += 1
        return out
      }
      if (ch === '{') {
        out += this.argument()
        continue
      }
      out += ch === '#' && count !== null ? number(count, this.locale) : ch
      this.at += 1
    }
    return out
  }

  private argument(): string {
    const start = this.at
    const end = this.text.indexOf('}', start)
    const comma = this.text.indexOf(',', start)
    if (comma !== -1 && (end === -1 || comma < end)) return this.plural(start, comma)
    this.at = end === -1 ? this.text.length : end + 1
    // Never closed: the rest is text.
    if (end === -1) return this.text.slice(start)
    const name = this.text.slice(start + 1, end).trim()
    const value = this.values[name]
    if (value === undefined) return this.text.slice(start, this.at)
    return typeof value === 'number' ? number(value, this.locale) : value
  }

  private plural(start: number, comma: number): string {
    const name = this.text.slice(start + 1, comma).trim()
    const kindEnd = this.text.indexOf(',', comma + 1)
    const kind = this.text.slice(comma + 1, kindEnd).trim()
    this.at = kindEnd + 1
    const raw = this.values[name]
    const n = typeof raw === 'number' ? raw : Number(raw)
    const category = kind === 'plural' && Number.isFinite(n) ? new Intl.PluralRules(this.locale).select(n) : 'other'
    let chosen: string | null = null
    let other = ''
    // Branches: `key {text}` pairs up to this argument's closing brace.
    for (;;) {
      while (/\s/.test(this.text[this.at] ?? '')) this.at += 1
      if (this.at >= this.text.length) break
      if (this.text[this.at] === '}') {
        this.at += 1
        break
      }
      const open = this.text.indexOf('{', this.at)
      if (open === -1) {
        this.at = this.text.length
        break
      }
      const key = this.text.slice(this.at, open).trim()
      this.at = open + 1
      const body = this.until('}', Number.isFinite(n) ? n : null)
      if (key === `=${n}`) chosen = body
      else if (key === category && chosen === null) chosen = body
      if (key === 'other') other = body
    }
    return chosen ?? other
  }
}

function number(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value)
  } catch {
    return String(value)
  }
}
