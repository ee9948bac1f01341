#!/usr/bin/env node
// Draws the app's PNG icons from www/favicon.svg, once, with the system's Chromium; the PNGs
// are committed, so that building dist/ needs no browser. Run it again after changing the
// favicon:   node scripts/make-icons.mjs
//
//   www/icons/icon-192.png, icon-512.png   the favicon as it is (transparent corners), for
//                                          the manifest's "any" purpose
//   www/icons/maskable-512.png             the favicon on a full-bleed tile, inside the
//                                          maskable safe zone (the centred circle of 80%)
//   www/icons/apple-touch-icon.png         180×180, opaque: iOS rounds the corners itself

import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../tests/e2e/helpers.mjs';

const WWW = fileURLToPath(new URL('../www/', import.meta.url));

/** The tile behind the maskable and Apple icons: the favicon's own square, white. */
const TILE = '#ffffff';

/**
 * The icons: file, size in pixels, and the favicon's width as a share of it. The favicon's
 * rounded square reaches 0.618 of its width from its centre at the corners, so at 0.62 of
 * the icon it stays inside the maskable safe zone (a circle of radius 0.4).
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, tile: null },
  { file: 'icon-512.png', size: 512, scale: 1, tile: null },
  { file: 'maskable-512.png', size: 512, scale: 0.62, tile: TILE },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.8, tile: TILE },
];

const svg = await readFile(`${WWW}favicon.svg`, 'utf8');
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, scale, tile } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const side = Math.round(size * scale);
    await page.setContent(
      `<!doctype html><body style="margin:0;width:${size}px;height:${size}px;display:grid;
        place-items:center;background:${tile ?? 'transparent'}">
        <div style="width:${side}px;height:${side}px">${svg}</div></body>`,
    );
    await page.locator('svg').evaluate((el) => {
      el.setAttribute('width', '100%');
      el.setAttribute('height', '100%');
    });
    const png = await page.screenshot({ omitBackground: tile === null });
    await writeFile(`${WWW}icons/${file}`, png);
    console.log(`www/icons/${file}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
