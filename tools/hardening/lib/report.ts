import { appendFileSync } from 'node:fs';

/** Where the tests leave their figures for the summary printed at the end of the run. */
export const REPORT_FILE_VARIABLE = 'HARDENING_REPORT_FILE';

export interface Figure {
  section: string;
  name: string;
  value: string | number;
  /** Whether the figure meets its invariant; undefined: informational. */
  ok?: boolean;
}

/** Records measured figures (and prints them at once, so a failing run still shows them). */
export function report(section: string, figures: Array<Omit<Figure, 'section'>>): void {
  const file = process.env[REPORT_FILE_VARIABLE];
  for (const figure of figures) {
    const line: Figure = { section, ...figure };
    console.log(`[${section}] ${figure.name}: ${figure.value}${mark(figure.ok)}`);
    if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

export function mark(ok: boolean | undefined): string {
  return ok === undefined ? '' : ok ? '  ok' : '  FAILED';
}
