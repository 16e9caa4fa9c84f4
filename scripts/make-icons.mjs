// Writes the installed app's icons (web app manifest) from the favicon's drawing, once; the PNGs are
// committed, so builds need no image tool. Usage: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const out = path.join(root, 'apps/web/public/icons');
mkdirSync(out, { recursive: true });

const BRAND = '#046a2f';
const GLYPH = `<path d="M19 8v9.5a5 5 0 0 1-10 0" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><circle cx="23.5" cy="8.5" r="2.5" fill="#7ce19d"/>`;

/** The favicon as drawn: a rounded square. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${GLYPH}</svg>`;
/** Maskable: the colour fills the square and the mark keeps inside the central 80 % circle (safe zone). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${GLYPH}</g></svg>`;

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(name, size);
}
