/** A language's messages by key (core/i18n/en.ts names the keys), plus `core:<English text>` for the product strings core puts in state. */
export type Catalogue = Readonly<Record<string, string>>
