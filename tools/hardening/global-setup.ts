import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mark, REPORT_FILE_VARIABLE, type Figure } from './lib/report';

/** Gives the test files one file to record figures in, and prints them all together at the end. */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-hardening-report-'));
  const file = join(dir, 'figures.jsonl');
  process.env[REPORT_FILE_VARIABLE] = file;
  const started = Date.now();
  return () => {
    let lines: Figure[] = [];
    try {
      lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure);
    } catch {
      // no test recorded anything
    }
    rmSync(dir, { recursive: true, force: true });
    const out: string[] = ['', '=== hardening figures ==='];
    let section = '';
    for (const line of lines) {
      if (line.section !== section) {
        section = line.section;
        out.push(`\n${section}`);
      }
      out.push(`  ${line.name}: ${line.value}${mark(line.ok)}`);
    }
    out.push(`\nrun time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(out.join('\n'));
  };
}
