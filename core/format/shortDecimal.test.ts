import { expect, test } from 'vitest'
import { shortDecimal } from './shortDecimal.js'

test('cuts to the places and drops trailing zeros, never rounding up', () => {
  expect(['0.500000', '1488.0819119', '0.0162500', '12', '3.0', '0.0000004', 'x'].map((n) => shortDecimal(n, 6))).toEqual(['0.5', '1488.081911', '0.01625', '12', '3', '0', '0'])
})
