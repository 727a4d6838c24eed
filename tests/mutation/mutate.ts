// `npm run mutate`: Stryker over each group of stryker.config.mjs, one after the other, then the
// report (tests/mutation/README.md) from the committed incremental files.
//   npm run mutate                  every group (hours on 2 cores the first time; minutes after a small change)
//   npm run mutate -- frame siwx    those groups only
//   npm run mutate -- --report      rewrite the report, run nothing
//   npm run mutate -- --force timing  retest every mutant of the group (after an upgrade of Stryker, vitest or a
//                                   library: the incremental diff sees only our code and tests)
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../bench/bundle.js'
import { summarizeMutation } from './summarizeMutation.js'

const { GROUPS, TESTS_OF } = (await import(join(ROOT, 'stryker.config.mjs'))) as { GROUPS: Record<string, string[]>; TESTS_OF: Record<string, string> }
const args = process.argv.slice(2)
const reportOnly = args.includes('--report')
const force = args.includes('--force')
const asked = args.filter((a) => !a.startsWith('--'))
const unknown = asked.filter((g) => !(g in GROUPS))
if (unknown.length > 0) {
  console.error(`unknown group ${unknown.join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}`)
  process.exit(2)
}
const groups = asked.length > 0 ? asked : Object.keys(GROUPS)

const run = (group: string): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn('npx', ['stryker', 'run', ...(force ? ['--force'] : [])], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MUTATE_GROUP: group } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })

let failed = 0
if (!reportOnly) {
  for (const group of groups) {
    const started = performance.now()
    console.log(`\n== mutate ${group}: ${GROUPS[group]!.join(' ')}`)
    const code = await run(group)
    console.log(`== ${group}: ${code === 0 ? 'done' : `stryker exited ${code}`} in ${((performance.now() - started) / 60_000).toFixed(1)} min`)
    if (code !== 0) failed += 1
  }
}
const report = summarizeMutation(ROOT, GROUPS, TESTS_OF)
writeFileSync(join(ROOT, 'tests/mutation/README.md'), report.markdown)
console.log(`\n${report.table}\nreport: tests/mutation/README.md`)
process.exit(failed > 0 ? 1 : 0)
