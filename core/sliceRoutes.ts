/**
 * Routes actions to the slices they concern (issue 12: replaying 100,000 entries ran all 16
 * reducers on each, and most actions concern one or two). A table lists, per slice, every action
 * type its reducer reacts to; any other type leaves that slice as it is. core/sliceRoutes.test.ts
 * keeps each table exact by reading the reducer's source and the helpers it imports.
 */
export interface SliceRouter<K extends string> {
  /** One bit per slice, in the table's order. */
  readonly bit: Readonly<Record<K, number>>
  /** The slices `type` concerns, as `bit` flags; 0 for a type no reducer knows (a host's own). */
  mask(type: string): number
}

/**
 * Bits follow `order` when given (so they match a reducer's own), else the table's key order.
 * @example const router = createSliceRouter({ modal: ['modal/openRequested'] }); router.mask('modal/openRequested') & router.bit.modal
 */
export function createSliceRouter<K extends string>(table: Readonly<Record<K, readonly string[]>>, order?: readonly K[]): SliceRouter<K> {
  const keys = order ?? (Object.keys(table) as K[])
  const bit = Object.fromEntries(keys.map((key, i) => [key, 1 << i])) as Record<K, number>
  const masks = new Map<string, number>()
  for (const key of keys) for (const type of table[key]) masks.set(type, (masks.get(type) ?? 0) | bit[key])
  return { bit, mask: (type) => masks.get(type) ?? 0 }
}
