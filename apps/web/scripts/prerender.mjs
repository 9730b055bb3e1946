// Writes the public pages, drawn at build time in both languages, next to the built app:
// dist/pages/{en,ko}/{page}.html (and .br, .gz), which the server sends for those addresses
// (docs/decisions/035-prerendered-public-pages.md). Run by `npm run build` after both Vite builds.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const { renderPublicPage, PUBLIC_PAGES, LANGUAGES } = await import(
  join(web, 'dist-prerender', 'render-public-page.js')
);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
for (const marker of ['<html lang="en">', '<div id="root"></div>', '<title>Won Bridge</title>']) {
  if (!template.includes(marker)) throw new Error(`index.html no longer holds ${marker}`);
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function resourcesOf(language) {
  const folder = join(dist, 'locales', language);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        basename(file, '.json'),
        JSON.parse(readFileSync(join(folder, file), 'utf8')),
      ]),
  );
}

const out = join(dist, 'pages');
rmSync(out, { recursive: true, force: true });
for (const language of LANGUAGES) {
  const resources = { [language]: resourcesOf(language) };
  mkdirSync(join(out, language), { recursive: true });
  for (const [name, path] of Object.entries(PUBLIC_PAGES)) {
    const page = await renderPublicPage(path, language, resources);
    const description = resources[language].common?.brand?.description;
    if (!description) throw new Error(`no brand.description in ${language}`);
    // Replaced by functions, not strings: a "$" in the page's text must stay as it is.
    const html = template
      .replace(
        '<html lang="en">',
        () => `<html lang="${language}" data-mantine-color-scheme="light">`,
      )
      .replace('<title>Won Bridge</title>', () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${page.namespaces.join(' ')}">${page.html}</div>`,
      )
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*"/,
        (_, start) => `${start}${escapeHtml(description)}"`,
      );
    const file = join(out, language, `${name}.html`);
    writeFileSync(file, html);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    console.log(`prerendered ${language} ${path} (${Buffer.byteLength(html)} B) ${page.title}`);
  }
}
