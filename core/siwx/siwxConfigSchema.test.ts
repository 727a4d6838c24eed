import { describe, expect, test } from 'vitest'
import { siweConfigSchema, siwxConfigSchema } from './siwxConfigSchema.js'

const noop = () => undefined
const siwx = { createMessage: noop, addSession: noop, getSessions: noop, revokeSession: noop, setSessions: noop, getRequired: noop }
const siwe = { getNonce: noop, verifyMessage: noop, getSession: noop, signOut: noop }

/** The failing paths and their messages, one `path: message` string per issue. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []
}

describe('siwxConfigSchema', () => {
  test('accepts an object with the six methods and keeps extra keys (a class instance keeps its own fields)', () => {
    const result = siwxConfigSchema.safeParse({ ...siwx, label: 'mine' })
    expect(result.success).toBe(true)
    expect(result.data).toEqual({ ...siwx, label: 'mine' })
  })

  test('every method is required to be a function, named in the issue', () => {
    expect(issues(siwxConfigSchema.safeParse({}))).toEqual([
      'createMessage: Expected function',
      'addSession: Expected function',
      'getSessions: Expected function',
      'revokeSession: Expected function',
      'setSessions: Expected function',
      'getRequired: Expected function',
    ])
  })

  // A method that is present but not callable is as wrong as a missing one.
  test.each([['a string', 'createMessage'], ['an object', {}], ['null', null], ['true', true]])('a method given as %s is refused', (_name, value) => {
    expect(issues(siwxConfigSchema.safeParse({ ...siwx, getSessions: value }))).toEqual(['getSessions: Expected function'])
  })
})

describe('siweConfigSchema', () => {
  test('accepts the four required methods alone, and with every optional one and extra keys', () => {
    expect(siweConfigSchema.safeParse(siwe).success).toBe(true)
    const full = { ...siwe, getMessageParams: noop, createMessage: noop, onSignIn: noop, onSignOut: noop, required: false, extra: 1 }
    expect(siweConfigSchema.safeParse(full).data).toEqual(full)
  })

  test('the four back-end methods are required; optional ones must be functions when given', () => {
    expect(issues(siweConfigSchema.safeParse({}))).toEqual([
      'getNonce: Expected function',
      'verifyMessage: Expected function',
      'getSession: Expected function',
      'signOut: Expected function',
    ])
    expect(issues(siweConfigSchema.safeParse({ ...siwe, onSignIn: 'hello', required: 'yes' }))).toEqual([
      'onSignIn: Expected function',
      'required: Expected boolean, received string',
    ])
  })
})
