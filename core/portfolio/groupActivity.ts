import type { ActivityTransaction } from './types.js'

/** One month of transactions, as the Activity tab lists them. */
export interface ActivityGroup {
  readonly year: number
  /** 0–11. */
  readonly month: number
  readonly transactions: readonly ActivityTransaction[]
}

/**
 * SPEC 3: transactions grouped by year then month (UTC), newest first, within a month too. An
 * entry whose date does not parse cannot be placed and is left out.
 * @example groupActivity(list).map((g) => `${g.year}-${g.month + 1}`) // ['2026-11', '2026-10']
 */
export function groupActivity(transactions: readonly ActivityTransaction[]): ActivityGroup[] {
  const dated = transactions.map((t) => ({ t, at: Date.parse(t.minedAt) })).filter(({ at }) => Number.isFinite(at))
  dated.sort((a, b) => b.at - a.at)
  const groups: { year: number; month: number; transactions: ActivityTransaction[] }[] = []
  for (const { t, at } of dated) {
    const date = new Date(at)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const last = groups.at(-1)
    if (last && last.year === year && last.month === month) last.transactions.push(t)
    else groups.push({ year, month, transactions: [t] })
  }
  return groups
}
