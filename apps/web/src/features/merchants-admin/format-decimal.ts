/**
 * A decimal string from the API, grouped for reading ("50000.5" -> "50,000.5"), without passing
 * through a float: the integer part is grouped as a BigInt, the fraction is kept as written.
 */
export function formatDecimal(value: string, locale: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, whole = '0', fraction] = match;
  const grouped = BigInt(whole).toLocaleString(locale);
  return fraction ? `${grouped}.${fraction}` : grouped;
}
