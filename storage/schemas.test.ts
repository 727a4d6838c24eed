import { describe, expect, test } from 'vitest'
import { deepLinkHref, iconUrl, nameRecordSchema } from './schemas.js'

describe('iconUrl', () => {
  // Icons end up in `<img src>`: none, https, or an inline image; nothing that runs or leaks.
  test.each(['', 'https://example.com/icon.png', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/svg+xml,%3Csvg%2F%3E'])('default: %j is accepted', (value) => {
    expect(iconUrl.safeParse(value)).toEqual({ success: true, data: value })
  })

  test.each(['http://example.com/icon.png', 'javascript:alert(1)', 'data:text/html,<script>', 'blob:https://example.com/x', 'icon.png', ' ', 'x-data:image/'])('error: %j is refused', (value) => {
    expect(iconUrl.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['Invalid url'])
  })
})

describe('deepLinkHref', () => {
  test.each(['metamask://wc?uri=x', 'https://example.com/wc', 'http://localhost:3000/wc'])('default: %j is accepted', (value) => {
    expect(deepLinkHref.safeParse(value).success).toBe(true)
  })

  // `new URL` throws for these: the refine must answer false, never let the error out.
  test.each(['', 'not a url', '//example.com', 'javascript:alert(1)', 'http://example.com/wc'])('error: %j is refused with "Invalid url"', (value) => {
    expect(deepLinkHref.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['Invalid url'])
  })
})

describe('nameRecordSchema', () => {
  const addresses = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, coinType) => [String(coinType), `address${coinType}`]))

  test('default: up to 32 addresses per name are accepted', () => {
    const record = { name: 'vitalik.eth', addresses: addresses(32) }
    expect(nameRecordSchema.safeParse(record)).toEqual({ success: true, data: record })
  })

  test('error: a 33rd address is refused', () => {
    expect(nameRecordSchema.safeParse({ name: 'vitalik.eth', addresses: addresses(33) }).success).toBe(false)
  })
})
