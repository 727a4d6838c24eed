import { createHash } from 'node:crypto'
import { generateWallets, registryId, SPECIAL_WALLETS } from './generateWallets.js'

/** One wallet of the registry, with the fields of SPEC 3 ("Wallet"). */
export interface RegistryWallet {
  id: string
  name: string
  image_id: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  rdns: string | null
  chains: string[]
  /** Filtered by `badge_type` (e.g. `certified`); not a SPEC 3 field, so clients may ignore it. */
  badge_type?: 'certified' | 'none'
}

/** SPEC 9: wallet pages hold 40 entries unless the caller asks otherwise. */
export const DEFAULT_ENTRIES = 40
export const MAX_ENTRIES = 100

const EVM = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:31337', 'eip155:31338']
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

export { registryId }

function wallet(slug: string, name: string, rdns: string | null, links: { mobile?: string; desktop?: string; web?: string }, chains: string[]): RegistryWallet {
  const id = registryId(slug)
  return {
    badge_type: 'certified',
    id,
    name,
    image_id: registryId(`image:${slug}`),
    mobile_link: links.mobile ?? null,
    desktop_link: links.desktop ?? null,
    webapp_link: links.web ?? null,
    rdns,
    chains,
  }
}

/**
 * A small built-in registry of well-known wallets. Names and rdns are the real
 * ones (so EIP-6963 announcements match); ids, links and chain lists are made
 * up for local work. EVM wallets list the two devnet chains so the modal's
 * list is not empty on them.
 */
export const KNOWN_WALLETS: readonly RegistryWallet[] = Object.freeze([
  wallet('metamask', 'MetaMask', 'io.metamask', { mobile: 'metamask://', web: 'https://portfolio.metamask.io' }, EVM),
  wallet('trust', 'Trust Wallet', 'com.trustwallet.app', { mobile: 'trust://' }, [...EVM, SOLANA]),
  wallet('coinbase', 'Coinbase Wallet', 'com.coinbase.wallet', { mobile: 'cbwallet://', web: 'https://wallet.coinbase.com' }, [...EVM, SOLANA]),
  wallet('rainbow', 'Rainbow', 'me.rainbow', { mobile: 'rainbow://' }, EVM),
  wallet('rabby', 'Rabby Wallet', 'io.rabby', { desktop: 'rabby://' }, EVM),
  wallet('phantom', 'Phantom', 'app.phantom', { mobile: 'phantom://' }, [SOLANA, 'eip155:1', 'eip155:137', 'eip155:8453', BITCOIN]),
  wallet('okx', 'OKX Wallet', 'com.okex.wallet', { mobile: 'okex://main' }, [...EVM, SOLANA, BITCOIN]),
  wallet('zerion', 'Zerion', 'io.zerion.wallet', { mobile: 'zerion://', web: 'https://app.zerion.io' }, EVM),
  wallet('ledger', 'Ledger Live', null, { mobile: 'ledgerlive://', desktop: 'ledgerlive://' }, [...EVM, BITCOIN]),
  wallet('uniswap', 'Uniswap Wallet', 'org.uniswap.app', { mobile: 'uniswap://' }, EVM),
  wallet('safe', 'Safe', null, { web: 'https://app.safe.global' }, EVM),
  wallet('argent', 'Argent', null, { mobile: 'argent://' }, ['eip155:1', 'eip155:324']),
])

/** How many made-up wallets follow the known and special ones: enough for paging, search and a 5,000-row list on the devnet chains. */
export const GENERATED_WALLETS = 6_000

/**
 * The gateway's registry: the known wallets first, then the edge cases of `SPECIAL_WALLETS`,
 * then `GENERATED_WALLETS` deterministic made-up ones (about 5,100 of them list the devnet chains).
 */
export const DEFAULT_WALLETS: readonly RegistryWallet[] = Object.freeze([...KNOWN_WALLETS, ...SPECIAL_WALLETS, ...generateWallets(GENERATED_WALLETS)])

export interface WalletQuery {
  page?: string | null
  entries?: string | null
  include?: string | null
  exclude?: string | null
  chains?: string | null
  search?: string | null
  badge_type?: string | null
}

export type WalletPage = { count: number; data: RegistryWallet[] }

/** A bad query parameter (answered with 400). */
export class RegistryQueryError extends Error {}

const list = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function positiveInt(name: string, value: string | null | undefined, fallback: number, max: number): number {
  if (value === null || value === undefined || value.trim() === '') return fallback
  if (!/^\d+$/.test(value.trim())) throw new RegistryQueryError(`${name} must be a positive integer`)
  const number = Number(value)
  if (number < 1 || number > max) throw new RegistryQueryError(`${name} must be between 1 and ${max}`)
  return number
}

/**
 * `GET /getWallets`: filters (include, exclude, chains: any of, search: name
 * contains, case-insensitive), then pages (1-based). `count` is the number of
 * matches before paging.
 * @example queryWallets(DEFAULT_WALLETS, { search: 'rain' }).data[0].name // 'Rainbow'
 */
export function queryWallets(wallets: readonly RegistryWallet[], query: WalletQuery): WalletPage {
  const page = positiveInt('page', query.page, 1, 10_000)
  const entries = positiveInt('entries', query.entries, DEFAULT_ENTRIES, MAX_ENTRIES)
  const include = new Set(list(query.include))
  const exclude = new Set(list(query.exclude))
  const chains = list(query.chains)
  const search = (query.search ?? '').trim().toLowerCase()
  const badge = (query.badge_type ?? '').trim()
  if (badge !== '' && badge !== 'certified' && badge !== 'none') throw new RegistryQueryError('badge_type must be certified or none')
  const matches = wallets.filter(
    (w) =>
      (include.size === 0 || include.has(w.id)) &&
      !exclude.has(w.id) &&
      (chains.length === 0 || chains.some((chain) => w.chains.includes(chain))) &&
      (search === '' || w.name.toLowerCase().includes(search)) &&
      (badge === '' || (w.badge_type ?? 'none') === badge),
  )
  const start = (page - 1) * entries
  // Only the SPEC 3 fields go out; `badge_type` is the registry's own filter field.
  return { count: matches.length, data: matches.slice(start, start + entries).map(({ badge_type: _badge, ...wallet }) => wallet) }
}

const PALETTE = ['#f6851b', '#3375bb', '#0052ff', '#001e59', '#7084ff', '#ab9ff2', '#111111', '#2962ef', '#1d1d1b', '#ff007a', '#12ff80', '#ff875b']

/** Text made safe inside an SVG/XML element or attribute (the dev images share it). */
export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Initials of a name: "Trust Wallet" -> "TW", "MetaMask" -> "MM", anything else -> first letter. */
export function initials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter(Boolean)
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  const word = words[0] ?? '?'
  const capitals = word.match(/\p{Lu}/gu) ?? []
  return (capitals.length >= 2 ? capitals.slice(0, 2).join('') : word.slice(0, 1)).toUpperCase()
}

/**
 * A generated square SVG with a colour picked from `seed` and the label's
 * initials: no outside fetches, stable per id.
 */
export function placeholderSvg(seed: string, label: string): string {
  const hash = createHash('sha256').update(seed).digest()
  const colour = PALETTE[hash[0]! % PALETTE.length]!
  const accent = `hsl(${hash[1]! % 360} 70% 60%)`
  const text = escapeXml(initials(label).slice(0, 2))
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<title>${escapeXml(label)}</title>`,
    `<rect width="96" height="96" rx="24" fill="${colour}"/>`,
    `<circle cx="76" cy="20" r="10" fill="${accent}"/>`,
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="700" fill="#fff">${text}</text>`,
    '</svg>',
  ].join('')
}

const imageIndex = new WeakMap<readonly RegistryWallet[], Map<string, RegistryWallet>>()

/** The image of a wallet by wallet id or image id; undefined when unknown. */
export function walletImage(wallets: readonly RegistryWallet[], id: string): string | undefined {
  let index = imageIndex.get(wallets)
  if (!index) {
    index = new Map()
    for (const w of wallets) index.set(w.image_id, w).set(w.id, w)
    imageIndex.set(wallets, index)
  }
  const found = index.get(id)
  return found ? placeholderSvg(found.image_id, found.name) : undefined
}
