import type { Page } from 'playwright-core'

export interface PixelDiff {
  readonly width: number
  readonly height: number
  /** Pixels whose largest channel difference is over the threshold. */
  readonly differing: number
  readonly ratio: number
  /** When the sizes differ: both, as `WxH`. */
  readonly sizes?: { actual: string; expected: string }
  /** A PNG (base64) of the expected image faded, the differing pixels in red; only when asked for. */
  readonly diffPng?: string
}

/**
 * Compares two PNGs in a Chromium page (no image library in Node): both decoded with
 * createImageBitmap, read back with getImageData, and a pixel counts as different when one of its
 * channels moved by more than `threshold` (0-255), so antialiasing noise does not count.
 * @example const diff = await pixelDiff(blankPage, actualPng, baselinePng, { threshold: 24, withImage: true })
 */
export async function pixelDiff(page: Page, actual: Buffer, expected: Buffer, { threshold = 24, withImage = false }: { threshold?: number; withImage?: boolean } = {}): Promise<PixelDiff> {
  return page.evaluate(
    async ({ actual, expected, threshold, withImage }) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' })
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d', { willReadFrequently: true })!
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height)
      }
      const [a, b] = await Promise.all([decode(actual), decode(expected)])
      if (a.width !== b.width || a.height !== b.height) {
        return { width: a.width, height: a.height, differing: a.width * a.height, ratio: 1, sizes: { actual: `${a.width}x${a.height}`, expected: `${b.width}x${b.height}` } }
      }
      const out = withImage ? new ImageData(a.width, a.height) : null
      let differing = 0
      for (let i = 0; i < a.data.length; i += 4) {
        let delta = 0
        for (let c = 0; c < 4; c++) delta = Math.max(delta, Math.abs(a.data[i + c]! - b.data[i + c]!))
        const different = delta > threshold
        if (different) differing++
        if (out) {
          // The baseline faded to a light grey, so the red pixels stand out.
          const grey = 200 + Math.round((b.data[i]! + b.data[i + 1]! + b.data[i + 2]!) / 3 / 255 * 55)
          out.data.set(different ? [255, 0, 0, 255] : [grey, grey, grey, 255], i)
        }
      }
      let diffPng: string | undefined
      if (out) {
        const canvas = new OffscreenCanvas(a.width, a.height)
        canvas.getContext('2d')!.putImageData(out, 0, 0)
        const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())
        let binary = ''
        for (let i = 0; i < png.length; i += 0x8000) binary += String.fromCharCode(...png.subarray(i, i + 0x8000))
        diffPng = btoa(binary)
      }
      return { width: a.width, height: a.height, differing, ratio: differing / (a.width * a.height), ...(diffPng ? { diffPng } : {}) }
    },
    { actual: actual.toString('base64'), expected: expected.toString('base64'), threshold, withImage },
  )
}
