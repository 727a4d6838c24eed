import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const REACT = dirname(fileURLToPath(import.meta.url))

/** Every `.ts`/`.tsx` file under `dir` (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('React lazy modules and the shared start-up chunk', () => {
  test('behavior: every module the React layer imports lazily re-exports SHARED_CHUNK (else esbuild splits the start-up code into more initial files; the host byte test saw 6 instead of 4)', () => {
    const lazy = sources(REACT).flatMap((file) =>
      // Code only: a JSDoc @example mentioning an import is not one.
      [...readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/import\('(\.{1,2}\/[^']+)\.js'\)/g)].map((m) => join(dirname(file), m[1]!)),
    )
    expect(lazy.length).toBeGreaterThan(10)
    const missing = [...new Set(lazy)].filter((base) => {
      const file = [`${base}.tsx`, `${base}.ts`].find((f) => sources(dirname(f)).includes(f))
      return !file || !/export \{ SHARED_CHUNK \} from '[./]+sharedChunk\.js'/.test(readFileSync(file, 'utf8'))
    })
    expect(missing.map((m) => relative(REACT, m))).toEqual([])
  })
})
