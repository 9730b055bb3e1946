/**
 * The value of one series in a Prometheus text exposition: `name` with exactly these labels
 * (order aside), or undefined when the scrape does not have it.
 */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(
      ([, key, value]) => [key!, value!] as const,
    );
    if (JSON.stringify(given.sort()) === wanted) return Number(match[3]);
  }
  return undefined;
}
