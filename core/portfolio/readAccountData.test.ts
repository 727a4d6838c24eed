import { describe, expect, test } from 'vitest'
import { HttpError } from '../api/errors.js'
import { airlockDevnet } from '../chains/networks.js'
import type { AirlockDeps } from '../deps.js'
import { initialState } from '../../tests/support/state.js'
import { readIdentity } from './readAccountData.js'

const ADDRESS = '0x70997970c51812dc3a010c7f01b50e0d17dc79c8'
const signal = new AbortController().signal
const state = initialState({ networks: [airlockDevnet], projectId: 'p1' })

/** A data service answering each path with `answers[path]` (an Error rejects), parsed with the caller's schema as the real client does. */
function deps(answers: Record<string, unknown>): { deps: AirlockDeps; paths: string[] } {
  const paths: string[] = []
  const get = async ({ path, schema }: { path: string; schema: { parse(v: unknown): unknown } }) => {
    paths.push(path)
    const answer = answers[path]
    if (answer instanceof Error) throw answer
    return schema.parse(answer)
  }
  return { deps: { http: { blockchain: { get, baseUrl: 'https://rpc.example' } } } as unknown as AirlockDeps, paths }
}

describe('readIdentity (SPEC 7 identity and reverse names)', () => {
  const identity = `/v1/identity/${ADDRESS}`
  const reverse = `/v1/profile/reverse/${ADDRESS}`

  test('default: a name registered in the name service shows when the identity service has none; both are asked', async () => {
    const { deps: d, paths } = deps({ [identity]: { name: null, avatar: null }, [reverse]: [{ name: 'ada.airlock.id', addresses: {} }] })
    expect(await readIdentity({ state, deps: d, key: ADDRESS, signal })).toEqual({ name: 'ada.airlock.id', avatar: null })
    expect(paths.sort()).toEqual([identity, reverse].sort())
  })

  test('behavior: the identity\'s own name wins over a registered one; no names at all is no name', async () => {
    expect(await readIdentity({ state, deps: deps({ [identity]: { name: 'ada.eth', avatar: null }, [reverse]: [{ name: 'ada.airlock.id' }] }).deps, key: ADDRESS, signal })).toEqual({ name: 'ada.eth', avatar: null })
    expect(await readIdentity({ state, deps: deps({ [identity]: { name: null, avatar: null }, [reverse]: [] }).deps, key: ADDRESS, signal })).toEqual({ name: null, avatar: null })
  })

  test('error: a failed or malformed reverse read loses only its names; a failed identity read still shows a registered name, else fails', async () => {
    expect(await readIdentity({ state, deps: deps({ [identity]: { name: null, avatar: null }, [reverse]: new HttpError(500, { method: 'GET', url: 'https://rpc.example' }) }).deps, key: ADDRESS, signal })).toEqual({ name: null, avatar: null })
    expect(await readIdentity({ state, deps: deps({ [identity]: { name: null, avatar: null }, [reverse]: { names: 'not a list' } }).deps, key: ADDRESS, signal })).toEqual({ name: null, avatar: null })
    expect(await readIdentity({ state, deps: deps({ [identity]: new HttpError(502, { method: 'GET', url: 'https://rpc.example' }), [reverse]: [{ name: 'ada.airlock.id' }] }).deps, key: ADDRESS, signal })).toEqual({ name: 'ada.airlock.id', avatar: null })
    await expect(readIdentity({ state, deps: deps({ [identity]: new HttpError(502, { method: 'GET', url: 'https://rpc.example' }), [reverse]: [] }).deps, key: ADDRESS, signal })).rejects.toThrow('HTTP status code: 502')
  })

  test('edge: without a project id nothing is asked', async () => {
    const { deps: d, paths } = deps({})
    expect(await readIdentity({ state: initialState({ networks: [airlockDevnet] }), deps: d, key: ADDRESS, signal })).toEqual({ name: null, avatar: null })
    expect(paths).toEqual([])
  })
})
