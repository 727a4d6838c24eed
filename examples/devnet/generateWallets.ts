import { createHash } from 'node:crypto'
import type { RegistryWallet } from './walletRegistry.js'

/** A made-up but stable id in the registry's format (64 hex digits). */
export function registryId(slug: string): string {
  return createHash('sha256').update(`airlock-devnet:${slug}`).digest('hex')
}

const EVM = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:31337', 'eip155:31338']
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

const FIRST = ['Aurora', 'Nova', 'Zen', 'Pixel', 'Orbit', 'Lumen', 'Cobalt', 'Ember', 'Frost', 'Quartz', 'Echo', 'Atlas', 'Nimbus', 'Solace', 'Vertex', 'Harbor', 'Crimson', 'Jade', 'Onyx', 'Sable', 'Tidal', 'Umbra', 'Velvet', 'Willow', 'Zephyr', 'Koi', 'Lotus', 'Maple', 'Polar', 'Rune', 'Saffron', 'Topaz', 'Indigo', 'Granite', 'Falcon', 'Delta', 'Cedar', 'Beacon', 'Amber', 'Kestrel', 'Mosaic', 'Nectar', 'Opal', 'Prism', 'Quill', 'Raven', 'Summit', 'Tundra', 'Ünïcorn', 'Ōkami']
const SECOND = ['', 'Blue', 'Swift', 'Prime', 'Open', 'Bright', 'Silent', 'Iron', 'Golden', 'Little', 'Hyper', 'Deep', 'Wild', 'Clear', 'Lucky', 'Stellar', 'Tiny', 'Mega', 'Quantum', 'Retro']
const LAST = ['Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Wallet Pro', 'Connect', 'Hub', 'Pocket', 'Purse', 'Box', 'Signer', 'Fi', 'Wallet Lite']

/** mulberry32: a tiny seeded PRNG, so the fixture is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w ]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')

function make(slug: string, name: string, fields: Partial<RegistryWallet> = {}): RegistryWallet {
  return {
    id: registryId(slug),
    name,
    image_id: registryId(`image:${slug}`),
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    rdns: null,
    chains: EVM,
    ...fields,
  }
}

/**
 * Wallets that exercise the client's edges: markup in names (must render as text), the rdns
 * of the dev wallet and the Node test wallet (de-duplicated against the installed ones), and
 * links a client must refuse (`javascript:`, `data:`, plain `http:` web apps).
 */
export const SPECIAL_WALLETS: readonly RegistryWallet[] = Object.freeze([
  make('airlock-dev-wallet', 'Airlock Dev Wallet', { rdns: 'dev.airlock.wallet', webapp_link: 'https://wallet.airlock.example' }),
  make('airlock-test-wallet', 'Airlock Test Wallet', { rdns: 'dev.airlock.testwallet', mobile_link: 'airlocktest://' }),
  make('evil-img', '<img src=x onerror=alert(1)>Evil Wallet', { mobile_link: 'javascript:alert(1)', webapp_link: 'javascript:alert(document.cookie)' }),
  make('evil-script', '<script>alert("xss")</script> Script Wallet', { webapp_link: 'data:text/html,<script>alert(1)</script>' }),
  make('evil-attr', '"><svg onload=alert(1)> Quote Wallet', { desktop_link: 'vbscript:msgbox(1)', webapp_link: 'http://insecure.example' }),
  make('bad-links', 'Broken Links Wallet', { mobile_link: 'JavaScript:alert(1)', desktop_link: 'file:///etc/passwd', webapp_link: 'https://ok.example/app' }),
])

/**
 * `count` made-up wallets from a seeded PRNG: varied names (for search), a mix of chain
 * families (mostly EVM with the two devnet chains, some Solana, some Bitcoin) and of links
 * (custom schemes, https universal links, desktop schemes, https web apps).
 * @example generateWallets(5000).length // 5000
 */
export function generateWallets(count: number, seed = 4): RegistryWallet[] {
  const rand = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!
  const seen = new Set<string>()
  const wallets: RegistryWallet[] = []
  let n = 0
  while (wallets.length < count) {
    n += 1
    const base = [pick(FIRST), pick(SECOND), pick(LAST)].filter(Boolean).join(' ')
    // Past the unique combinations, a number keeps names distinct.
    const name = seen.has(base) ? `${base} ${n}` : base
    seen.add(name)
    const slug = `gen-${slugOf(name)}`
    const family = rand()
    const chains = family < 0.7 ? EVM : family < 0.82 ? [...EVM, SOLANA] : family < 0.91 ? [SOLANA] : family < 0.96 ? [BITCOIN] : [...EVM, BITCOIN]
    const scheme = slugOf(name).replace(/[^a-z]/g, '').slice(0, 20) || 'wallet'
    const link = rand()
    wallets.push(
      make(slug, name, {
        chains,
        mobile_link: link < 0.5 ? `${scheme}://` : link < 0.8 ? `https://${scheme}.app.example/wc` : null,
        desktop_link: rand() < 0.2 ? `${scheme}-desktop://` : null,
        webapp_link: rand() < 0.25 ? `https://app.${scheme}.example` : null,
        rdns: rand() < 0.3 ? `example.${scheme}` : null,
        badge_type: rand() < 0.1 ? 'certified' : 'none',
      }),
    )
  }
  return wallets
}
