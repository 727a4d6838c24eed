import { describe, expect, test } from 'vitest'
import { EMAIL_MAX_LENGTH, parseEmail } from './parseEmail.js'

describe('parseEmail', () => {
  test('behavior: trims a plausible address; refuses what is not one or is too long', () => {
    expect(parseEmail('  ada@example.com\n')).toBe('ada@example.com')
    for (const bad of ['', 'not-an-email', 'a@b', 'a b@example.com', '@example.com', 'ada@', 'ada@@example.com']) expect(parseEmail(bad)).toBeNull()
    const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)
    expect(parseEmail(`${local}@example.com`)).toBe(`${local}@example.com`)
    expect(parseEmail(`${local}a@example.com`)).toBeNull()
  })
})
