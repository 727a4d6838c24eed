/** The dev wallet's icon: an SVG as a base64 data URI (EIP-6963 wants a data URI). */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#0f172a"/>' +
  '<rect x="18" y="30" width="60" height="42" rx="9" fill="#22d3ee"/>' +
  '<rect x="54" y="43" width="24" height="16" rx="6" fill="#0f172a"/>' +
  '<circle cx="63" cy="51" r="3.5" fill="#22d3ee"/>' +
  '<path d="M26 30l30-12 6 12" fill="none" stroke="#a5f3fc" stroke-width="5" stroke-linejoin="round"/>' +
  '</svg>'

export const DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(SVG)}`
