import fc from 'fast-check'
import { english, generateMnemonic, generatePrivateKey } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { scrubSecrets } from './scrubSecrets.js'

// Real secrets, made by the wallet library itself: a BIP-39 phrase and a private key.
const PHRASES = [generateMnemonic(english), generateMnemonic(english, 256)]
const KEY = generatePrivateKey().slice(2)

describe('scrubSecrets: recovery phrases and bare private keys', () => {
  test.each(PHRASES.map((phrase) => [phrase.split(' ').length, phrase] as const))('behavior: a labelled %i-word phrase is hidden whole, not only its first word', (_, phrase) => {
    expect(scrubSecrets(`Invalid mnemonic: ${phrase}`)).toBe('Invalid mnemonic: [redacted]')
    expect(scrubSecrets(`mnemonic=${phrase}; retry`)).toBe('mnemonic=[redacted]; retry')
    expect(scrubSecrets(`bad seed phrase "${phrase}"`)).toBe('bad seed phrase "[redacted]"')
    expect(scrubSecrets(`Recovery phrase: '${phrase}' rejected`)).toBe("Recovery phrase: '[redacted]' rejected")
  })

  test.each(PHRASES.map((phrase) => [phrase.split(' ').length, phrase] as const))('behavior: a quoted %i-word phrase without a label is hidden too', (_, phrase) => {
    expect(scrubSecrets(`could not derive from "${phrase}"`)).toBe('could not derive from "[redacted]"')
    expect(scrubSecrets(`import failed ('${phrase}')`)).toBe("import failed ('[redacted]')")
    expect(scrubSecrets(`\`${phrase}\``)).toBe('`[redacted]`')
  })

  test('property: any 12 to 24 wordlist words are hidden, labelled or quoted', () => {
    const phrase = fc.array(fc.constantFrom(...english), { minLength: 12, maxLength: 24 }).map((words) => words.join(' '))
    const wrap = fc.constantFrom((p: string) => `Error: mnemonic: ${p}.`, (p: string) => `seed phrase '${p}'`, (p: string) => `got "${p}" (invalid)`, (p: string) => `secret phrase=${p}`)
    fc.assert(
      fc.property(phrase, wrap, (words, around) => {
        expect(scrubSecrets(around(words))).toBe(around('[redacted]'))
      }),
    )
  })

  test('behavior: prose is kept: a label without a value, unquoted runs of words, 11 quoted words', () => {
    const texts = [
      'The seed phrase is invalid',
      'mnemonic must have 12 words',
      // Unquoted and unlabelled: prose has such runs too, so they are kept.
      'the wallet could not sign because the user closed the window before it could finish',
      // Quoted but 11 words.
      '"team obtain erosion rough casual wing abandon ability able about above"',
      'Invalid checksum for the given recovery words, please check them again',
      'Execution reverted: ERC20 transfer amount exceeds balance',
    ]
    for (const text of texts) expect(scrubSecrets(text)).toBe(text)
  })

  test('behavior: a 32-byte private key without 0x is hidden, as with it; shorter hex is kept', () => {
    expect(scrubSecrets(`key ${KEY} leaked`)).toBe('key [redacted] leaked')
    expect(scrubSecrets(`key ${KEY.toUpperCase()}`)).toBe('key [redacted]')
    expect(scrubSecrets(`chunk-${'ab12'.repeat(2)}.js build ${'0f'.repeat(31)}0`)).toBe(`chunk-${'ab12'.repeat(2)}.js build ${'0f'.repeat(31)}0`)
  })

  test('behavior: idempotent: scrubbed text scrubs to itself', () => {
    for (const text of [`Invalid mnemonic: ${PHRASES[0]}`, `seed "${PHRASES[1]}" and ${KEY}`]) {
      const once = scrubSecrets(text)
      expect(scrubSecrets(once)).toBe(once)
    }
  })
})
