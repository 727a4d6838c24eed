/**
 * A glob of stryker.config.mjs (`**`, `*`, no braces) as a RegExp over root-relative paths, for the
 * mutation tools that must agree with Stryker on which files a group holds.
 * @example globToRegExp('core/frame/**\/*.ts').test('core/frame/a/b.ts') // true
 */
export const globToRegExp = (glob: string): RegExp =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*')}$`)
