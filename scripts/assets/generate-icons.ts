/**
 * Writes the app's raster icons from the logo mark (apps/web/public/favicon.svg, itself written
 * by generate-images.ts): favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px) and the
 * web app manifest's icons (192 and 512 px, and a 512 px maskable one with the mark inside the
 * safe zone on the brand colour). SVG has no rasteriser in Node without native code, so
 * Chromium draws them (CHROMIUM_PATH, default /usr/bin/chromium).
 * Run: `npx tsx scripts/assets/generate-icons.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = path.join(root, 'apps/web/public');
/** The darker end of the mark's gradient, behind the maskable icon. */
const MASKABLE_BACKGROUND = '#4f46e5';

/** An .ico file holding PNG images (supported by every browser since 2008). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const svg = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  async function render(size: number, { maskable = false } = {}): Promise<Buffer> {
    await page.setViewportSize({ width: size, height: size });
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
        `background:${maskable ? MASKABLE_BACKGROUND : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body></html>`,
    );
    await page.locator('img').evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    return page.screenshot({ omitBackground: !maskable, type: 'png' });
  }

  const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await render(size) })));
  await writeFile(path.join(publicDir, 'favicon.ico'), ico(small));
  await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await render(180, { maskable: true }));
  await writeFile(path.join(publicDir, 'icons/icon-192.png'), await render(192));
  await writeFile(path.join(publicDir, 'icons/icon-512.png'), await render(512));
  await writeFile(path.join(publicDir, 'icons/icon-maskable-512.png'), await render(512, { maskable: true }));
  console.log('Wrote favicon.ico, apple-touch-icon.png and icons/*.png in apps/web/public.');
} finally {
  await browser.close();
}
