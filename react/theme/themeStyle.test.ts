import { expect, test } from 'vitest'
import { themeStyle } from './themeStyle.js'

test('default: keeps --airlock-* keys, values as strings', () => {
  expect(themeStyle({ '--airlock-accent': '#47a1ff', '--airlock-z-index': 10, color: 'red', '--other': 'x' })).toEqual({
    '--airlock-accent': '#47a1ff',
    '--airlock-z-index': '10',
  })
})

test('behavior: drops values that could break out of a declaration', () => {
  expect(
    themeStyle({
      '--airlock-a': 'red; background: url(x)',
      '--airlock-b': 'red}body{color:red',
      '--airlock-c': '</style><script>',
      '--airlock-d': 'x'.repeat(201),
      '--airlock-e f': 'red',
      '--airlock-font-family': '"Inter", sans-serif',
    }),
  ).toEqual({ '--airlock-font-family': '"Inter", sans-serif' })
})
