/**
 * A dev panel's host element with its own open shadow root (page and modal styles cannot reach
 * it): the `<section role="region">` to draw into, not yet in the document.
 * @example const { host, panel } = shadowPanel(document, 'airlock-dev-wallet', { label: 'Airlock Dev Wallet', testid: 'dev-wallet', css })
 */
export function shadowPanel(doc: Document, tag: string, options: { label: string; testid: string; css: string; id?: string }): { host: HTMLElement; shadow: ShadowRoot; panel: HTMLElement } {
  const host = doc.createElement(tag)
  if (options.id) host.id = options.id
  const shadow = host.attachShadow({ mode: 'open' })
  const style = doc.createElement('style')
  style.textContent = options.css
  const panel = doc.createElement('section')
  panel.className = 'panel'
  panel.setAttribute('role', 'region')
  panel.setAttribute('aria-label', options.label)
  panel.dataset.testid = options.testid
  shadow.append(style, panel)
  return { host, shadow, panel }
}
