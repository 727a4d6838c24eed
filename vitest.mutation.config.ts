import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'
import { globToRegExp } from './tests/mutation/globToRegExp.js'
import { GROUPS, TESTS_OF } from './stryker.config.mjs'

/**
 * The tests Stryker runs against each mutant (`npm run mutate`, tests/mutation/): the unit, marble
 * and component tests beside the code. The browser, devnet, host and bench suites start real
 * processes (Chromium, servers) and take minutes; a mutant in the rules Stryker mutates is caught
 * or not by the tests written beside those rules.
 */
const ROOT = dirname(fileURLToPath(import.meta.url))
const ALL = ['{core,react,storage,telemetry}/**/*.test.{ts,tsx}']

const walk = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'node_modules' ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)],
  )

/**
 * The test files that import a module of the group themselves, the tests in its folders, and
 * tests/timing/ (written for the SPEC 9 edges). A module that every store runs (an epic, the store itself) is covered by hundreds
 * of component tests; running those for each of its mutants made a group take about an hour. The
 * tests written for a rule are the ones that must bite; the report says which tests each group ran.
 */
export const importersOf = (globs: string[]): string[] => {
  const mutated = globs.filter((glob) => !glob.startsWith('!')).map(globToRegExp)
  const inGroup = (path: string) => mutated.some((re) => re.test(path))
  const sources = ['core', 'react', 'storage', 'telemetry', 'tests/timing'].flatMap(walk)
  // The folders holding a module of the group: the tests beside it count too (an epic is often
  // tested through the store its folder's tests build, not by importing it).
  const folders = new Set(sources.filter((file) => !/\.test\.tsx?$/.test(file) && inGroup(file)).map((file) => dirname(file)))
  return sources
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => {
      if (file.startsWith('tests/timing/') || folders.has(dirname(file))) return true
      const text = readFileSync(join(ROOT, file), 'utf8')
      return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].some(([, spec]) => {
        const target = relative(ROOT, resolve(ROOT, dirname(file), spec!)).replace(/\.js$/, '')
        return ['.ts', '.tsx', '/index.ts'].some((ext) => inGroup(target + ext))
      })
    })
}

const group = process.env.MUTATE_GROUP
const include = group && TESTS_OF[group] === 'importers' ? importersOf(GROUPS[group] ?? []) : ALL

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include,
    // Mocks the modal chunk's import to fail and counts the reports over real time: it failed once
    // (2 reports for 1) in Stryker's initial run on a loaded machine, which stops a whole group;
    // it guards chunk loading in React, no rule a group mutates. It runs in `npm test`.
    exclude: [...(base.test?.exclude ?? ['**/node_modules/**']), 'react/modal/ModalPortal.test.tsx'],
  },
})
