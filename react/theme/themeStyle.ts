import type { CSSProperties } from 'react'

const PREFIX = '--airlock-'
/** Values go into a style attribute on the server: no declaration breaks, blocks or markup. */
const SAFE_VALUE = /^[^;{}<>\\\n\r]{0,200}$/

/**
 * The `--airlock-*` theme variables as a React style object (values as plain strings); other keys and unsafe values are dropped.
 * @example themeStyle({ '--airlock-accent': '#47a1ff', color: 'red' }) // { '--airlock-accent': '#47a1ff' }
 */
export function themeStyle(variables: Readonly<Record<string, string | number>>): CSSProperties {
  const style: Record<string, string> = {}
  for (const [key, raw] of Object.entries(variables)) {
    if (!key.startsWith(PREFIX) || !/^[\w-]+$/.test(key)) continue
    const value = String(raw)
    if (SAFE_VALUE.test(value)) style[key] = value
  }
  return style as CSSProperties
}
