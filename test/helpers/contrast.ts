// WCAG contrast of every visible text on a page, measured in the browser: the text colour
// against the background it is drawn on (translucent layers composed down to the page).
import type { Page } from 'playwright-core'

export interface LowContrast {
  text: string
  ratio: number
  needed: number
}

/** Every visible text whose contrast is below AA (4.5:1, or 3:1 for large text). */
export function findLowContrast(page: Page): Promise<LowContrast[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (color: string): Rgba => {
      const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number)
      return [r, g, b, a]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba =>
      [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1) as Rgba
    // An overlay is drawn over anything: the worst case for light text is a white stream.
    const backgroundOf = (element: Element | null): Rgba => {
      if (!element) return [255, 255, 255, 1]
      const own = parse(getComputedStyle(element).backgroundColor)
      return own[3] >= 1 ? own : over(own, backgroundOf(element.parentElement))
    }
    const luminance = ([r, g, b]: Rgba) => {
      const [R, G, B] = [r, g, b].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
      return 0.2126 * R + 0.7152 * G + 0.0722 * B
    }
    const found: { text: string; ratio: number; needed: number }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!
      const text = node.textContent!.trim()
      if (!text || !element.checkVisibility() || element.closest('.visually-hidden, option')) continue
      const style = getComputedStyle(element)
      const isSvg = element instanceof SVGElement
      const background = backgroundOf(isSvg ? element.closest('svg') : element)
      const color = over(parse(isSvg ? style.fill : style.color), background)
      const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a)
      const ratio = (light + 0.05) / (dark + 0.05)
      const size = parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const needed = large ? 3 : 4.5
      if (ratio < needed) found.push({ text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed })
    }
    return found
  })
}
