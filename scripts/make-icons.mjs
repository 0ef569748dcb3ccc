// Renders the app icons in public/icons/ from one SVG logo (`</>` on indigo) with headless
// Chromium, so the PNGs are exact sizes and need no image tooling. Run: node scripts/make-icons.mjs
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'public', 'icons');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const BRAND = '#4f46e5';
const GLYPH = '#ffffff';

/**
 * The glyph is drawn with strokes, not text, so the icon does not depend on installed fonts.
 * `scale` shrinks it about the centre: maskable icons keep it inside the 80% safe zone.
 */
function logoSvg({ size, cornerRadius, scale }) {
  const glyph = `
    <g transform="translate(256 256) scale(${scale}) translate(-256 -256)"
       fill="none" stroke="${GLYPH}" stroke-width="40" stroke-linecap="round" stroke-linejoin="round">
      <polyline points="176,168 88,256 176,344" />
      <polyline points="336,168 424,256 336,344" />
      <line x1="292" y1="140" x2="220" y2="372" />
    </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    <rect width="512" height="512" rx="${cornerRadius}" fill="${BRAND}" />${glyph}
  </svg>`;
}

const ICONS = [
  // purpose "any": rounded corners, transparent outside them.
  { file: 'icon-192.png', size: 192, cornerRadius: 112, scale: 1 },
  { file: 'icon-512.png', size: 512, cornerRadius: 112, scale: 1 },
  // purpose "maskable": full bleed; the platform cuts its own shape.
  { file: 'icon-maskable-512.png', size: 512, cornerRadius: 0, scale: 0.72 },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, cornerRadius: 0, scale: 0.86 },
  { file: 'favicon-32.png', size: 32, cornerRadius: 96, scale: 1.05 },
];

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(OUT_DIR, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${logoSvg(icon)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(OUT_DIR, icon.file), omitBackground: true });
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
