import { ANIMATION_MS, MODAL_WIDTH_PX } from '../../core/constants/limits.js'

/**
 * A base colour tinted by the host's mix colour (`--airlock-color-mix`, any CSS colour) by
 * `--airlock-color-mix-strength` (a number, 0 to 100; default 0, the base unchanged), as AppKit's
 * `--w3m-color-mix`: one variable gives every surface the site's tint.
 */
const mix = (base: string) => `color-mix(in srgb, var(--airlock-color-mix, #000) calc(var(--airlock-color-mix-strength, 0) * 1%), ${base})`

const LIGHT = `
  --airlock-accent: #1d6fe5;
  --airlock-on-accent: #ffffff;
  --airlock-background: ${mix('#ffffff')};
  --airlock-surface: ${mix('#f1f3f3')};
  --airlock-surface-hover: ${mix('#e4e7e7')};
  --airlock-foreground: #141414;
  --airlock-foreground-muted: #5f6670;
  --airlock-border: rgba(0, 0, 0, 0.08);
  --airlock-error: #c4221a;
  --airlock-success: #12805c;
  --airlock-overlay: rgba(0, 0, 0, 0.4);
  color-scheme: light;`

const DARK = `
  --airlock-accent: #1d6fe5;
  --airlock-on-accent: #ffffff;
  --airlock-background: ${mix('#191a1a')};
  --airlock-surface: ${mix('#252626')};
  --airlock-surface-hover: ${mix('#2f3131')};
  --airlock-foreground: #e4e7e7;
  --airlock-foreground-muted: #9aa0a6;
  --airlock-border: rgba(255, 255, 255, 0.08);
  --airlock-error: #ff7a70;
  --airlock-success: #3ccb7f;
  --airlock-overlay: rgba(0, 0, 0, 0.6);
  color-scheme: dark;`

const { headerText, modalHeight, viewTransition } = ANIMATION_MS

/** The one stylesheet inside the shadow root. Theming is `--airlock-*` variables; host inline values win. */
export const MODAL_CSS = `
:host { all: initial; }
.root {${LIGHT}
  --airlock-font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --airlock-border-radius: 16px;
  --airlock-z-index: 9999;
  --airlock-backdrop-blur: 8px;
  font: 400 14px/1.4 var(--airlock-font-family);
  color: var(--airlock-foreground);
  -webkit-font-smoothing: antialiased;
}
.root[data-theme="dark"] {${DARK} }
@media (prefers-color-scheme: dark) { .root:not([data-theme]) {${DARK} } }
*, *::before, *::after { box-sizing: border-box; }
button, input { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--airlock-accent); outline-offset: 2px; }
p, h2 { margin: 0; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.overlay { position: fixed; inset: 0; z-index: var(--airlock-z-index); display: flex; align-items: center; justify-content: center;
  padding: 16px; background: var(--airlock-overlay); animation: airlock-fade ${viewTransition}ms ease;
  -webkit-backdrop-filter: blur(var(--airlock-backdrop-blur)); backdrop-filter: blur(var(--airlock-backdrop-blur)); }
.card { position: relative; width: ${MODAL_WIDTH_PX}px; max-width: 100%; max-height: calc(100vh - 32px); display: flex; flex-direction: column;
  background: var(--airlock-background); border: 1px solid var(--airlock-border); border-radius: calc(var(--airlock-border-radius) * 2);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.2); overflow: hidden; }
.card:focus { outline: none; }
.card[data-embedded] { box-shadow: none; max-height: none; }
.card[data-shake] { animation: airlock-shake 500ms ease; }
@media (max-width: 430px) { .overlay { align-items: flex-end; padding: 0; } .card:not([data-embedded]) { width: 100%; border-radius: 24px 24px 0 0; } }

.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; gap: 4px; padding: 12px 12px 4px; }
.title { min-width: 0; text-align: center; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  animation: airlock-fade ${headerText}ms ease; }
.icon-button { width: 36px; height: 36px; display: grid; place-items: center; border: none; border-radius: 10px; background: transparent; cursor: pointer; }
.icon-button:hover { background: var(--airlock-surface); }
.icon-button svg, .row svg, .button svg { width: 18px; height: 18px; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }

.body { overflow: hidden; transition: height ${modalHeight}ms ease; }
.view { padding: 8px 16px 16px; animation: airlock-next ${viewTransition}ms ease; }
.view[data-transition="prev"] { animation-name: airlock-prev; }
/* Right to left: the next view comes from the left, and arrows point the other way. */
[dir="rtl"] .view { animation-name: airlock-prev; }
[dir="rtl"] .view[data-transition="prev"] { animation-name: airlock-next; }
[dir="rtl"] .flip-rtl { transform: scaleX(-1); }
.stack { display: flex; flex-direction: column; gap: 8px; }
.center { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; padding: 8px 0; }
/* The secure frame's place: tall enough for its summary and buttons, never taller than the card can show. */
.approve-slot { justify-content: center; height: min(440px, calc(100vh - 120px)); }

.list { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; max-height: 360px; overflow-y: auto; }
.row { display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding-block: 8px; padding-inline: 8px 12px; border: none; border-radius: 16px;
  background: var(--airlock-surface); font-weight: 500; text-align: start; cursor: pointer; }
.row:hover:not(:disabled):not(.static) { background: var(--airlock-surface-hover); }
.row.static { cursor: default; }
.row:disabled, .tile:disabled { cursor: not-allowed; color: var(--airlock-foreground-muted); }
.row[aria-current="true"] { box-shadow: inset 0 0 0 2px var(--airlock-accent); }
.row[data-danger] { color: var(--airlock-error); }
.row-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tag { flex: none; padding: 2px 8px; border-radius: 8px; background: var(--airlock-background); color: var(--airlock-foreground-muted); font-size: 12px; }
.muted { color: var(--airlock-foreground-muted); }
.with-icon { display: flex; gap: 8px; align-items: center; }
.with-icon select { flex: 1; min-width: 0; }
.with-icon .wallet-icon { width: 32px; height: 32px; border-radius: 50%; }
/* Connect's methods sit in a fieldset only so the legal checkbox can disable them all at once. */
.methods { margin: 0; padding: 0; border: none; min-width: 0; }
.legal, .guide { margin: 0; font-size: 13px; text-align: center; }
.legal-check { display: flex; gap: 8px; align-items: flex-start; text-align: start; }
.legal-check input { flex: none; width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--airlock-accent); }
/* Links in muted text: the text's own colour, underlined (the accent is too faint on dark). */
.legal a, .link { padding: 0; border: none; background: none; color: inherit; font: inherit; font-weight: 600; text-decoration: underline; cursor: pointer; }
.link:disabled { cursor: not-allowed; }
.error { color: var(--airlock-error); overflow-wrap: anywhere; }
.lead { font-size: 16px; font-weight: 600; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

.wallet-icon { width: 40px; height: 40px; flex: none; display: grid; place-items: center; border-radius: 12px; object-fit: cover;
  background: var(--airlock-surface-hover); font-weight: 600; }
.wallet-icon[data-size="lg"] { width: 72px; height: 72px; border-radius: 20px; font-size: 28px; }
.badge { width: 32px; height: 32px; flex: none; display: grid; place-items: center; border-radius: 50%; background: var(--airlock-background); font-weight: 600; }
.badge[data-size="lg"] { width: 64px; height: 64px; font-size: 24px; }

/* Brand and network marks (react/modal/marks/): drawn at 24 × 24, sized by where they sit. */
.mark { display: block; flex: none; }
.badge .mark { width: 24px; height: 24px; }
.badge img.mark { border-radius: 50%; object-fit: cover; }
.badge[data-size="lg"] .mark { width: 44px; height: 44px; }
.wallet-icon .mark { width: 100%; height: 100%; }
.button .mark { width: 20px; height: 20px; }

/* All Wallets: icon tiles, the name under the icon on up to two lines, the tag on the icon's edge (parts/VirtualList.tsx places them). */
.tile { position: relative; display: flex; flex-direction: column; align-items: center; gap: 6px; width: 100%; height: 100%; padding: 8px 4px 4px;
  border: none; border-radius: 16px; background: var(--airlock-surface); font-size: 11px; font-weight: 500; line-height: 14px; text-align: center;
  cursor: pointer; }
.tile:hover:not(:disabled) { background: var(--airlock-surface-hover); }
.tile .wallet-icon { width: 48px; height: 48px; border-radius: 14px; font-size: 20px; }
.tile .row-name { flex: none; width: 100%; overflow: hidden; white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow-wrap: anywhere; }
.tile .tag { position: absolute; top: 46px; left: 50%; transform: translateX(-50%); padding: 0 5px; border-radius: 6px; font-size: 9px; line-height: 13px;
  box-shadow: 0 0 0 1px var(--airlock-border); }
[data-airlock="virtual-list"] { scrollbar-width: thin; }
.skeleton-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(68px, 1fr)); gap: 8px; }
.skeleton-grid .tile { height: 96px; cursor: default; }
.skeleton-grid .row-name { width: 70%; }

.button { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px; padding: 0 16px; border: none;
  border-radius: 12px; background: var(--airlock-accent); color: var(--airlock-on-accent); font-weight: 600; cursor: pointer; }
.button[data-variant="secondary"] { background: var(--airlock-surface); color: var(--airlock-foreground); }
/* Disabled reads as unavailable, not as a faded accent: neutral surface, muted text, an outline. */
.button:disabled, .icon-button:disabled { background: var(--airlock-surface); color: var(--airlock-foreground-muted);
  box-shadow: inset 0 0 0 1px var(--airlock-border); cursor: not-allowed; }

.search { width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--airlock-border); border-radius: 12px; background: var(--airlock-surface); }

.lead[data-wrap] { white-space: normal; }
.identities { display: flex; justify-content: center; gap: 12px; }
.actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.avatar { width: 64px; height: 64px; flex: none; border-radius: 50%; object-fit: cover; box-shadow: inset 0 0 0 4px rgba(255, 255, 255, 0.25), 0 0 0 1px var(--airlock-border); }
.address { display: flex; align-items: center; gap: 4px; font-size: 18px; font-weight: 600; }

.spinner { width: 20px; height: 20px; flex: none; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: airlock-spin 700ms linear infinite; }
.spinner[data-size="lg"] { width: 32px; height: 32px; border-width: 3px; color: var(--airlock-accent); }

.alert { display: flex; align-items: flex-start; gap: 8px; margin: 0 16px 8px; padding: 8px 8px 8px 12px; border-radius: 12px;
  border: 1px solid var(--airlock-border); background: var(--airlock-surface); }
.alert[data-variant="error"] { border-color: var(--airlock-error); }
.alert-text { flex: 1; min-width: 0; overflow-wrap: anywhere; }

.toasts { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: calc(var(--airlock-z-index) + 1); }
.toast { display: flex; align-items: center; gap: 8px; max-width: min(${MODAL_WIDTH_PX}px, calc(100vw - 32px)); padding: 6px 6px 6px 12px;
  border: 1px solid var(--airlock-border); border-radius: 16px; background: var(--airlock-background); color: var(--airlock-foreground);
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.16); animation: airlock-fade ${viewTransition}ms ease; }
.toast-icon { width: 20px; height: 20px; flex: none; display: grid; place-items: center; border-radius: 50%; color: #fff; font-size: 12px; font-weight: 700; }
.toast[data-variant="success"] .toast-icon { background: var(--airlock-success); }
.toast[data-variant="error"] .toast-icon { background: var(--airlock-error); }
.toast[data-variant="info"] .toast-icon { background: var(--airlock-accent); }
.toast-text { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.toast-text p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

@keyframes airlock-fade { from { opacity: 0; } }
@keyframes airlock-next { from { opacity: 0; transform: translateX(16px); } }
@keyframes airlock-prev { from { opacity: 0; transform: translateX(-16px); } }
@keyframes airlock-spin { to { transform: rotate(360deg); } }
@keyframes airlock-shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
@media (prefers-reduced-motion: reduce) {
  .overlay, .card, .title, .view, .toast { animation: none !important; }
  .body { transition: none !important; }
  .spinner { animation-duration: 2s; }
}
`
