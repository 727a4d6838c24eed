import { afterEach, describe, expect, test, vi } from 'vitest'
import { groupActivity } from './groupActivity.js'
import type { ActivityTransaction } from './types.js'

function tx(id: string, minedAt: string): ActivityTransaction {
  return { id, hash: `0x${id}`, minedAt, chain: 'eip155:1', operationType: 'send', status: 'confirmed', sentFrom: '0xa', sentTo: '0xb', transfers: [] }
}

/** `year-month(1–12): ids` for each group, in order. */
const shape = (list: readonly ActivityTransaction[]) => groupActivity(list).map((g) => `${g.year}-${g.month + 1}: ${g.transactions.map((t) => t.id).join(',')}`)

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('groupActivity', () => {
  test('default: grouped by year then month, newest month first', () => {
    const list = [tx('jan', '2025-01-15T10:00:00Z'), tx('mar', '2025-03-02T10:00:00Z'), tx('dec24', '2024-12-31T23:00:00Z'), tx('feb', '2025-02-10T10:00:00Z')]
    expect(shape(list)).toEqual(['2025-3: mar', '2025-2: feb', '2025-1: jan', '2024-12: dec24'])
    const [first] = groupActivity(list)
    expect(first).toMatchObject({ year: 2025, month: 2 })
  })

  test('behavior: newest first within a month, whatever the input order', () => {
    const list = [tx('a', '2025-05-01T00:00:00Z'), tx('c', '2025-05-20T12:00:00Z'), tx('b', '2025-05-10T08:00:00Z'), tx('d', '2025-05-31T23:59:59Z')]
    expect(shape(list)).toEqual(['2025-5: d,c,b,a'])
  })

  test('behavior: the month is the UTC one, not the local one', () => {
    // A zone east of UTC, so a local reading would move late-evening UTC times into the next month.
    vi.stubEnv('TZ', 'Asia/Kolkata')
    expect(new Date('2024-02-29T22:30:00Z').getMonth()).toBe(2)
    // 00:30 on 1 March in UTC+2 is still 29 February in UTC; 23:30 on 31 March in UTC−5 is April in UTC.
    const list = [tx('leap', '2024-03-01T00:30:00+02:00'), tx('april', '2024-03-31T23:30:00-05:00'), tx('march', '2024-03-15T12:00:00Z')]
    expect(shape(list)).toEqual(['2024-4: april', '2024-3: march', '2024-2: leap'])
  })

  test('behavior: the same month of different years are separate groups', () => {
    const list = [tx('may23', '2023-05-05T00:00:00Z'), tx('may25', '2025-05-05T00:00:00Z'), tx('may24', '2024-05-05T00:00:00Z'), tx('may25b', '2025-05-01T00:00:00Z')]
    expect(shape(list)).toEqual(['2025-5: may25,may25b', '2024-5: may24', '2023-5: may23'])
  })

  test('edge: entries whose date does not parse are left out', () => {
    const list = [tx('bad', 'not a date'), tx('ok', '2025-01-01T00:00:00Z'), tx('empty', ''), tx('month13', '2025-13-01T00:00:00Z')]
    expect(shape(list)).toEqual(['2025-1: ok'])
    expect(groupActivity([tx('bad', 'yesterday')])).toEqual([])
  })

  test('edge: empty in, empty out; the input is left as it was', () => {
    expect(groupActivity([])).toEqual([])
    const list = [tx('old', '2020-01-01T00:00:00Z'), tx('new', '2021-01-01T00:00:00Z')]
    const copy = [...list]
    groupActivity(list)
    expect(list).toEqual(copy)
  })
})
