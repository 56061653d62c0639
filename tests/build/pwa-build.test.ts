import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

describe('the PWA build', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'sg-build-'));
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  }, 120_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('emits a service worker that precaches the shell', async () => {
    const sw = await readFile(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).toContain('index.html');
    expect(sw.length).toBeGreaterThan(1000);
  });

  it('emits an installable web manifest, linked from index.html', async () => {
    const manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.webmanifest'), 'utf8')) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe('Signature Guestbook');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512', '180x180']));
    const icons = await readdir(path.join(outDir, 'icons'));
    for (const icon of manifest.icons) expect(icons).toContain(path.basename(icon.src));
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('rel="manifest"');
    expect(html).toContain('rel="apple-touch-icon"');
    expect(html).toContain('name="apple-mobile-web-app-capable"');
  });
});
