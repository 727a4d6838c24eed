import { createHash } from 'node:crypto'
import { escapeXml } from './walletRegistry.js'

/**
 * Generated images of the dev data service: token icons and NFT previews. They are drawn here, not
 * fetched, because the dev stack has no internet; each is stable per seed (same colour on every
 * run) and has no external reference (no href, font or URL), so it renders offline and in tests.
 */

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">'
const FONT = 'font-family="system-ui,sans-serif" font-weight="700" fill="#fff" text-anchor="middle"'

/** A colour picked from `seed`, dark enough for white text. */
function colourOf(seed: string): string {
  return `hsl(${createHash('sha256').update(seed).digest().readUInt16BE(0) % 360} 60% 40%)`
}

/**
 * A token icon: a coloured circle with the symbol's first letters.
 * @example tokenIconSvg('dUSD') // '<svg …><circle …/><text …>dUS</text></svg>'
 */
export function tokenIconSvg(symbol: string): string {
  return [
    SVG_OPEN,
    `<title>${escapeXml(symbol)}</title>`,
    `<circle cx="48" cy="48" r="48" fill="${colourOf(`token:${symbol}`)}"/>`,
    `<text x="48" y="58" font-size="28" ${FONT}>${escapeXml(symbol.slice(0, 3))}</text>`,
    '</svg>',
  ].join('')
}

/**
 * An NFT preview: a coloured square with the token number; `seed` (the NFT's id) picks the colour.
 * @example nftImageSvg('eip155:31337:0x…:1', '1', 'Airlock Dev Collectibles #1')
 */
export function nftImageSvg(seed: string, tokenId: string, title: string): string {
  const label = `#${tokenId}`
  // Long token ids are squeezed into the square rather than cut.
  const fit = label.length > 4 ? ' textLength="84" lengthAdjust="spacingAndGlyphs"' : ''
  return [
    SVG_OPEN,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="96" height="96" fill="${colourOf(`nft:${seed}`)}"/>`,
    `<text x="48" y="60" font-size="32"${fit} ${FONT}>${escapeXml(label)}</text>`,
    '</svg>',
  ].join('')
}
