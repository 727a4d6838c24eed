import { describe, expect, test } from 'vitest'
import { createSecretBox, MAX_SECRETS } from './secretBox.js'

/** A box whose references are numbered 1, 2, 3, … */
const numbered = () => {
  let n = 0
  return createSecretBox(() => String(++n))
}

describe('createSecretBox', () => {
  test('default: a value is found behind its reference until dropped', () => {
    const box = numbered()
    const ref = box.put('wc:pairing')
    expect(ref).toBe('secret:1')
    expect(box.get(ref)).toBe('wc:pairing')
    box.drop(ref)
    expect(box.get(ref)).toBeUndefined()
    expect([box.get(null), box.get(undefined), box.get('')]).toEqual([undefined, undefined, undefined])
  })

  test('behavior: holds exactly MAX_SECRETS values; one more forgets the oldest', () => {
    const box = numbered()
    const refs = Array.from({ length: MAX_SECRETS }, (_, i) => box.put(`v${i}`))
    // Full but not over: every value is still there.
    expect(refs.map((ref) => box.get(ref))).toEqual(refs.map((_, i) => `v${i}`))
    const extra = box.put('extra')
    expect(box.get(refs[0])).toBeUndefined()
    expect(box.get(refs[1])).toBe('v1')
    expect(box.get(extra)).toBe('extra')
  })
})
