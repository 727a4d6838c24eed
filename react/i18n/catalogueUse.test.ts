import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { en } from '../../core/i18n/en.js'

const ROOT = join(import.meta.dirname, '..')

/** Attributes whose value people read or hear. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'heading', 'description', 'message', 'text'])
/** Calls whose string arguments are keys or English fallbacks the catalogue checks, not shown text. */
const CATALOGUE_CALLS = new Set(['t', 't.core', 'buttonText', 'translator'])
/** Text with a letter in any script: digits, symbols and arrows are not language. */
const WORDS = /\p{L}/u

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path)
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : []
  })
}

/** Where a `.tsx` file shows a string that does not come through the catalogue: `file:line text`. */
export function bypasses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  // The line of the text itself, not of the whitespace a JSX text starts with.
  const at = (node: ts.Node, what: string) => {
    const start = node.getStart() + Math.max(0, node.getText(source).search(/\S/))
    found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(start).line + 1} ${what.trim().slice(0, 60)}`)
  }
  const inCatalogueCall = (node: ts.Node): boolean => {
    for (let up = node.parent; up; up = up.parent) {
      if (ts.isCallExpression(up) && CATALOGUE_CALLS.has(up.expression.getText(source))) return true
      if (ts.isJsxAttribute(up) || ts.isJsxElement(up) || ts.isJsxSelfClosingElement(up)) return false
    }
    return false
  }
  /** A string that reaches the page as text: a JSX child, or a branch of one (`a ? 'x' : 'y'`, `a || 'x'`). */
  const shownStrings = (node: ts.Expression | undefined): ts.Node[] => {
    if (!node) return []
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return WORDS.test(node.text) ? [node] : []
    if (ts.isTemplateExpression(node)) return WORDS.test(node.head.text + node.templateSpans.map((span) => span.literal.text).join('')) ? [node] : []
    if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression)
    if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)]
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) {
      return [...shownStrings(node.left), ...shownStrings(node.right)]
    }
    return []
  }
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) at(node, node.text)
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const shown of shownStrings(node.expression)) if (!inCatalogueCall(shown)) at(shown, shown.getText(source))
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer
      for (const shown of shownStrings(value)) if (!inCatalogueCall(shown)) at(shown, `${node.name.getText(source)}=${shown.getText(source)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every `buttonText(locale, key, english)` of a file: the buttons' English must be the catalogue's. */
function buttonTexts(file: string, text: string): { key: string; english: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const calls: { key: string; english: string }[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'buttonText') {
      const [, key, english] = node.arguments
      if (key && english && ts.isStringLiteral(key) && ts.isStringLiteral(english)) calls.push({ key: key.text, english: english.text })
      else calls.push({ key: '(not a literal)', english: node.getText(source) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return calls
}

describe('every string react/ shows comes through the catalogue (issue 18)', () => {
  const files = sources(ROOT)

  test('default: no component shows a literal string, a text attribute or a string branch of its own', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files.flatMap((file) => bypasses(file, readFileSync(file, 'utf8')))).toEqual([])
  })

  test('behavior: the check finds text, text attributes and string branches, and lets catalogue calls, class names and symbols through', () => {
    const component = `
      export function X({ busy, name }) {
        return (
          <div className="row" data-airlock="x" aria-label="Close">
            Hello
            {busy ? 'Loading…' : name}
            {name || \`Unnamed \${name}\`}
            <input placeholder={'Search wallets'} title={t('common.close')} />
            <span aria-label={t.core(name)}>{t('common.back')} → {'·'} 42</span>
            {buttonText(locale, 'button.connect', 'Connect Wallet')}
          </div>
        )
      }`
    expect(bypasses(join(ROOT, 'X.tsx'), component)).toEqual([
      'X.tsx:4 aria-label="Close"',
      'X.tsx:5 Hello',
      "X.tsx:6 'Loading…'",
      'X.tsx:7 `Unnamed ${name}`',
      "X.tsx:8 placeholder='Search wallets'",
    ])
  })

  test('default: the buttons\' English fallbacks are the catalogue\'s English', () => {
    const calls = files.flatMap((file) => buttonTexts(file, readFileSync(file, 'utf8')))
    expect(calls.length).toBeGreaterThanOrEqual(4)
    for (const { key, english } of calls) expect({ key, english: en[key as keyof typeof en] }).toEqual({ key, english })
  })
})
