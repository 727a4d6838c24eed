import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { globToRegExp } from './globToRegExp.js'

/** The part of Stryker's JSON report (mutation-testing-report-schema) the summary reads. */
interface ReportMutant {
  readonly id: string
  readonly mutatorName: string
  readonly replacement?: string
  readonly status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending'
  readonly statusReason?: string
  /** Code that runs once when its module loads (a module-level list, schema or constant). */
  readonly static?: boolean
  readonly location: { readonly start: { readonly line: number; readonly column: number } }
}
interface Report {
  readonly files: Record<string, { readonly mutants: readonly ReportMutant[] }>
}

export interface GroupScore {
  readonly group: string
  readonly files: number
  readonly killed: number
  readonly timeout: number
  readonly survived: number
  readonly noCoverage: number
  /** Marked equivalent in the source (`// Stryker disable …: why`). */
  readonly ignored: number
  /**
   * Static mutants (code run once when its module loads), not counted: Stryker's vitest runner
   * switches a mutant on after the test file imported the module, so these read "Survived" whatever
   * the tests do (emptying `'http://localhost:*'` in DEFAULT_ALLOWED_ORIGINS fails two origins
   * tests by hand; Stryker said Survived). Lists and SPEC 9 values among them have tests of their own.
   */
  readonly statics: number
  readonly errors: number
  /** Killed or timed out over every mutant that ran or had no test (Stryker's "total" score); null when none. */
  readonly score: number | null
  readonly survivors: readonly string[]
  readonly equivalent: readonly string[]
}

export const GOAL = 90

/** Scores one group from its incremental file (Stryker's full JSON report of the last run). */
export function scoreGroup(group: string, report: Report): GroupScore {
  let killed = 0, timeout = 0, survived = 0, noCoverage = 0, ignored = 0, statics = 0, errors = 0
  const survivors: string[] = []
  const equivalent: string[] = []
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      const where = `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.replacement !== undefined ? ` → \`${m.replacement.replace(/\s+/g, ' ').slice(0, 80)}\`` : ''}`
      if (m.static === true || (m.status === 'Ignored' && /static/i.test(m.statusReason ?? ''))) statics += 1
      else if (m.status === 'Killed') killed += 1
      else if (m.status === 'Timeout') timeout += 1
      else if (m.status === 'Survived' || m.status === 'NoCoverage') {
        if (m.status === 'Survived') survived += 1
        else noCoverage += 1
        survivors.push(`${where}${m.status === 'NoCoverage' ? ' (no test runs it)' : ''}`)
      } else if (m.status === 'Ignored') {
        ignored += 1
        equivalent.push(`${where}: ${m.statusReason ?? 'ignored'}`)
      } else errors += 1
    }
  }
  const counted = killed + timeout + survived + noCoverage
  return { group, files: Object.keys(report.files).length, killed, timeout, survived, noCoverage, ignored, statics, errors, score: counted === 0 ? null : (100 * (killed + timeout)) / counted, survivors, equivalent }
}

/** The report of every group that has run (tests/mutation/incremental/<group>.json). */
export function summarizeMutation(
  root: string,
  groups: Record<string, readonly string[]>,
  testsOf: Record<string, string> = {},
): { markdown: string; table: string } {
  const rows: GroupScore[] = []
  const missing: string[] = []
  for (const group of Object.keys(groups)) {
    const file = join(root, 'tests/mutation/incremental', `${group}.json`)
    if (!existsSync(file)) {
      missing.push(group)
      continue
    }
    // Stryker carries a file's last results forward after the group stops mutating it ('!…' globs).
    const left = groups[group]!.filter((glob) => glob.startsWith('!')).map((glob) => globToRegExp(glob.slice(1)))
    const { files } = JSON.parse(readFileSync(file, 'utf8')) as Report
    rows.push(scoreGroup(group, { files: Object.fromEntries(Object.entries(files).filter(([path]) => !left.some((re) => re.test(path)))) }))
  }
  const pct = (s: number | null) => (s === null ? '—' : `${s.toFixed(1)}%`)
  const header = '| Group | Mutated | Tests run | Files | Killed | Timeout | Survived | No test | Equivalent | Static (not counted) | Score |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|'
  const lines = rows.map((r) => `| ${r.group} | ${groups[r.group]!.length > 2 ? `${groups[r.group]!.length} files` : groups[r.group]!.map((g) => `\`${g}\``).join(', ')} | ${testsOf[r.group] ?? 'all'} | ${r.files} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.ignored} | ${r.statics} | ${pct(r.score)} ${r.score !== null && r.score >= GOAL ? '✓' : '✗'} |`)
  const table = [header, ...lines].join('\n')
  const sections = rows.map((r) =>
    [
      `### ${r.group}: ${pct(r.score)}`,
      r.survivors.length > 0 ? `Survivors (${r.survivors.length}):\n\n${r.survivors.map((s) => `- ${s}`).join('\n')}` : 'No survivors.',
      r.equivalent.length > 0 ? `Marked equivalent in the source (\`// Stryker disable …: why\`):\n\n${r.equivalent.map((s) => `- ${s}`).join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  )
  const markdown = `# Mutation testing (issue 20)

Written by \`npm run mutate\` (tests/mutation/mutate.ts) from the committed incremental files in
\`incremental/\`; do not edit by hand. Stryker (stryker.config.mjs) mutates the groups below one at a
time and runs the unit, marble and component tests beside the code against each mutant
(vitest.mutation.config.ts): "all" of them, or for "importers" the test files that import one
of the group's modules or sit in its folders, plus tests/timing/ (a module every store runs is covered by hundreds of
component tests; rerunning them for each mutant cost about 4 s a mutant). Score = (killed + timed out) / (killed + timed out + survived + no
test). Goal: ≥ ${GOAL}% per group, every survivor killed by a test or marked equivalent in the
source with one line why (\`// Stryker disable next-line <Mutator>: <why>\`). Static mutants (code
that runs once when its module loads: module-level schemas, lists and constants) are not counted:
Stryker's vitest runner switches a mutant on after the test file has imported the module, so they
read "Survived" whatever the tests do (checked by hand: emptying \`'http://localhost:*'\` in
\`DEFAULT_ALLOWED_ORIGINS\` fails two origins tests; Stryker said Survived), and running each with a
fresh module graph would rerun every test of its group. The lists and SPEC 9 values among them have
tests of their own (core/registry/safeWalletLink.test.ts writes the deny list out,
core/options/origins.test.ts the default origins, tests/timing/ every timing constant).

${table}
${missing.length > 0 ? `\nNot run yet: ${missing.join(', ')}.\n` : ''}
${sections.join('\n\n')}
`
  return { markdown, table }
}
