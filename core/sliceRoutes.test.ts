import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createInitialState } from './createInitialState.js'
import { LATE_SLICE_TYPES, reduceLateSlices } from './lateSlices.js'
import { resolveOptions } from './options/resolveOptions.js'
import { eagerSliceMask, EAGER_SLICE_TYPES } from './eagerSliceTypes.js'
import { EAGER_SLICE_KEYS, reduceEagerSlices } from './reduceEagerSlices.js'
import { rootReducer } from './rootReducer.js'
import { createSliceRouter } from './sliceRoutes.js'
import type { Action } from './actions/types.js'
import type { AirlockState } from './state.js'

const CORE = dirname(fileURLToPath(import.meta.url))

/** Every action type the Action union declares (`type: '…'` in core/actions/). */
function declaredTypes(): Set<string> {
  const types = new Set<string>()
  for (const file of readdirSync(join(CORE, 'actions'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    for (const match of readFileSync(join(CORE, 'actions', file), 'utf8').matchAll(/type: '([a-zA-Z]+\/[a-zA-Z]+)'/g)) types.add(match[1]!)
  }
  return types
}

/**
 * The action types a reducer file names, with those of the modules it imports for their code
 * (relative imports, followed to any depth): what the reducer can react to.
 */
function namedTypes(file: string, known: ReadonlySet<string>, seen = new Set<string>()): Set<string> {
  const found = new Set<string>()
  if (seen.has(file)) return found
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const match of source.matchAll(/'([a-zA-Z]+\/[a-zA-Z]+)'/g)) if (known.has(match[1]!)) found.add(match[1]!)
  for (const match of source.matchAll(/^import (?!type )[^'\n]*from '(\.[^']+)'/gm)) {
    const target = resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts'))
    if (existsSync(target)) for (const type of namedTypes(target, known, seen)) found.add(type)
  }
  return found
}

const TABLES: Record<string, readonly string[]> = { ...EAGER_SLICE_TYPES, ...LATE_SLICE_TYPES }

describe('slice routes', () => {
  const known = declaredTypes()

  test('the tables list, for every slice, exactly the action types its reducer (and what it imports) names', () => {
    const slices = readdirSync(join(CORE, 'slices')).filter((dir) => existsSync(join(CORE, 'slices', dir, 'reducer.ts')))
    expect(known.size).toBeGreaterThan(100)
    expect(Object.keys(TABLES).sort()).toEqual(slices.sort())
    for (const slice of slices) {
      const named = [...namedTypes(join(CORE, 'slices', slice, 'reducer.ts'), known)].sort()
      expect({ slice, types: [...TABLES[slice]!].sort() }).toEqual({ slice, types: named })
    }
  })

  test('the tables cover every slice of the state once', () => {
    const state = createInitialState(resolveOptions({}).options)
    // `portfolio` is created by its first action (core/portfolio/selectPortfolio.ts), not in the initial state.
    expect(Object.keys(TABLES).sort()).toEqual([...Object.keys(state), 'portfolio'].sort())
    expect(Object.keys(EAGER_SLICE_TYPES).filter((key) => key in LATE_SLICE_TYPES)).toEqual([])
  })

  test("the eager table's bits are reduceEagerSlices' own, and unrouted it runs every slice to the same result", () => {
    expect(Object.keys(EAGER_SLICE_TYPES)).toEqual([...EAGER_SLICE_KEYS])
    const state = createInitialState(resolveOptions({}).options)
    for (const action of [{ type: 'modal/openRequested' }, { type: 'connection/disconnected', namespace: 'eip155' }, { type: 'theme/modeChanged', mode: 'dark' }] as Action[]) {
      expect(reduceEagerSlices(state, action, eagerSliceMask(action.type))).toEqual(reduceEagerSlices(state, action))
    }
    expect(eagerSliceMask('theme/modeChanged')).toBe(1 << EAGER_SLICE_KEYS.indexOf('theme'))
  })

  test('createSliceRouter: a bit per slice, the union of the slices a type concerns, 0 for an unknown type', () => {
    const router = createSliceRouter({ a: ['x/one', 'x/both'], b: ['x/both'], c: [] })
    expect(router.bit).toEqual({ a: 1, b: 2, c: 4 })
    expect(createSliceRouter({ a: ['x/one'], b: [] }, ['b', 'a']).mask('x/one')).toBe(2)
    expect(router.mask('x/one')).toBe(1)
    expect(router.mask('x/both')).toBe(3)
    expect(router.mask('host/own')).toBe(0)
  })

  test("an action no slice knows (a host's own) returns the same state object", () => {
    const state = createInitialState(resolveOptions({}).options)
    const foreign = { type: 'host/somethingHappened' } as unknown as Action
    expect(reduceEagerSlices(state, foreign, eagerSliceMask(foreign.type))).toBe(state)
    expect(reduceLateSlices(state, foreign)).toBe(state)
    expect(rootReducer(state, foreign)).toBe(state)
  })

  test('a routed action reaches its slices and leaves the others as they were', () => {
    const state = createInitialState(resolveOptions({}).options)
    const next = rootReducer(state, { type: 'modal/openRequested' })
    expect(next.modal.open).toBe(true)
    expect(next.router).not.toBe(state.router)
    for (const key of Object.keys(state) as (keyof AirlockState)[]) if (key !== 'modal' && key !== 'router') expect(next[key]).toBe(state[key])
  })

  test('a log recorded before a slice existed still gets it filled in by any action, as before routing', () => {
    const { siwx: _siwx, registry: _registry, walletConnect: _walletConnect, frame: _frame, ...old } = createInitialState(resolveOptions({}).options)
    const next = rootReducer(old as AirlockState, { type: 'host/somethingHappened' } as unknown as Action)
    expect(next.siwx).toBeDefined()
    expect(next.registry).toBeDefined()
    expect(next.walletConnect).toBeDefined()
    expect(next.frame).toBeDefined()
  })
})
