import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  page: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
}

/**
 * What a first visit downloads, from Vite's build manifest: the entry, the lazily loaded route
 * modules the router resolves for that URL (layout + screen), and every chunk they import
 * statically, each counted once. Bytes are gzip at level 6, what a server or CDN typically sends.
 * (Locale JSON files are loaded over HTTP as well, but they are not code and are not counted.)
 */
export function pageWeights(distDir: string): { pages: PageWeight[]; largest: ModuleSize[] } {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const pages = [
    {
      page: 'public home (/)',
      routes: ['src/components/layouts/public-layout.tsx', 'src/app/routes/public/home.tsx'],
    },
    {
      page: 'signed-in dashboard (/app)',
      routes: ['src/components/layouts/app-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
    },
  ].map(({ page, routes }) => weigh(distDir, manifest, page, ['index.html', ...routes]));
  return { pages, largest: largestModules(distDir, manifest) };
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 6 }).length;

function weigh(distDir: string, manifest: Manifest, page: string, keys: string[]): PageWeight {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  const sum = (files: Set<string>) =>
    [...files].reduce((total, file) => total + gzipSize(join(distDir, file)), 0);
  return { page, jsFiles: js.size, jsGzip: sum(js), cssGzip: sum(css) };
}

export interface ModuleSize {
  module: string;
  bytes: number;
}

/**
 * Bytes of minified output per source package (or per own source folder) across every JS chunk,
 * attributed through the source maps: generated characters up to the next mapping belong to
 * the mapping's source.
 */
function largestModules(distDir: string, manifest: Manifest): ModuleSize[] {
  const bytes = new Map<string, number>();
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(distDir, file), 'utf8').split('\n');
    let map: RawSourceMap;
    try {
      map = JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8')) as RawSourceMap;
    } catch {
      continue;
    }
    const consumer = new SourceMapConsumer(map);
    let previous: { line: number; column: number; source: string | null } | undefined;
    const credit = (until: { line: number; column: number }) => {
      if (!previous?.source) return;
      const length =
        previous.line === until.line
          ? until.column - previous.column
          : (code[previous.line - 1]?.length ?? 0) - previous.column;
      const name = packageOf(previous.source);
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, length));
    };
    consumer.eachMapping((mapping) => {
      const here = { line: mapping.generatedLine, column: mapping.generatedColumn };
      credit(here);
      previous = { ...here, source: mapping.source };
    });
    if (previous) credit({ line: previous.line, column: code[previous.line - 1]?.length ?? 0 });
  }
  return [...bytes]
    .map(([module, size]) => ({ module, bytes: size }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12);
}

function packageOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope = '', name = ''] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = /(?:apps\/web\/)?src\/([^/]+\/[^/]+)/.exec(source);
  if (own) return `src/${own[1]}`;
  return source.replace(/^(\.\.\/)+/, '');
}
