import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { scoreGroup, summarizeMutation } from './summarizeMutation.js'

const at = (line: number) => ({ start: { line, column: 3 } })

describe('scoreGroup', () => {
  test('score: killed and timed out over everything that ran or had no test; static mutants and marked equivalents are counted apart', () => {
    const score = scoreGroup('demo', {
      files: {
        'core/a.ts': {
          mutants: [
            { id: '1', mutatorName: 'EqualityOperator', replacement: 'a >= b', status: 'Killed', location: at(1) },
            { id: '2', mutatorName: 'BlockStatement', replacement: '{}', status: 'Timeout', location: at(2) },
            { id: '3', mutatorName: 'ConditionalExpression', replacement: 'true', status: 'Survived', location: at(3) },
            { id: '4', mutatorName: 'StringLiteral', replacement: '""', status: 'NoCoverage', location: at(4) },
            // A static mutant that Stryker calls Survived still is not counted (its runner switches it on too late).
            { id: '5', mutatorName: 'ArrayDeclaration', replacement: '[]', status: 'Survived', static: true, location: at(5) },
            { id: '6', mutatorName: 'StringLiteral', status: 'Ignored', statusReason: "new URL('') throws", location: at(6) },
          ],
        },
      },
    })
    expect(score).toMatchObject({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, statics: 1, ignored: 1, errors: 0, files: 1 })
    expect(score.score).toBe(50)
    expect(score.survivors).toEqual(['core/a.ts:3:3 ConditionalExpression → `true`', 'core/a.ts:4:3 StringLiteral → `""` (no test runs it)'])
    expect(score.equivalent).toEqual(["core/a.ts:6:3 StringLiteral: new URL('') throws"])
  })

  test('edge: a group with nothing counted has no score', () => {
    expect(scoreGroup('empty', { files: {} }).score).toBeNull()
  })
})

describe('summarizeMutation', () => {
  test('table: one row per group that ran, with the tests it ran ("all" unless said) and its score against the goal; groups not run are named', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-report-'))
    try {
      mkdirSync(join(root, 'tests/mutation/incremental'), { recursive: true })
      const mutants = (killed: number, survived: number) => [
        ...Array.from({ length: killed }, (_, i) => ({ id: `k${i}`, mutatorName: 'EqualityOperator', status: 'Killed', location: at(i + 1) })),
        ...Array.from({ length: survived }, (_, i) => ({ id: `s${i}`, mutatorName: 'EqualityOperator', status: 'Survived', location: at(100 + i) })),
      ]
      writeFileSync(join(root, 'tests/mutation/incremental/weak.json'), JSON.stringify({ files: { 'b.ts': { mutants: mutants(8, 2) } } }))
      // A file the group no longer mutates ('!' glob) keeps its old results in Stryker's file; not counted.
      writeFileSync(
        join(root, 'tests/mutation/incremental/good.json'),
        JSON.stringify({ files: { 'a.ts': { mutants: mutants(9, 1) }, 'help/x.ts': { mutants: mutants(0, 5) } } }),
      )
      const { table, markdown } = summarizeMutation(root, { good: ['*.ts', '!help/**'], weak: ['b.ts'], later: ['c.ts'] }, { weak: 'importers' })
      expect(table.split('\n').slice(2)).toEqual([
        '| good | `*.ts`, `!help/**` | all | 1 | 9 | 0 | 1 | 0 | 0 | 0 | 90.0% ✓ |',
        '| weak | `b.ts` | importers | 1 | 8 | 0 | 2 | 0 | 0 | 0 | 80.0% ✗ |',
      ])
      expect(markdown).toContain('Not run yet: later.')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
