// Reading the web app's QR codes the way a phone would: from the pixels on the screen.
import jsqr from 'jsqr'
import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'

// jsqr is CommonJS with an ES-module default: TypeScript sees `{ default }`, the test runner the function.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const jsQR = ((jsqr as unknown as { default?: Decode }).default ?? jsqr) as unknown as Decode

/** The text of the QR code in `page`, read from a screenshot of its pixels. */
export async function decodeQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.getByRole('img', { name: /^QR code/ }).screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null
}
