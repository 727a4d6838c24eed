import { describe, expect, test } from 'vitest'
import { scoreGroup } from './summarizeMutation.js'

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
