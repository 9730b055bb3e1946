import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Colours whose darkest shade is still too bright for text on their own tint. */
const WARM_COLORS = new Set(['orange', 'yellow', 'lime', 'green']);

/**
 * Light variants (badges, soft buttons) sit on the colour's lightest tint and write in its
 * darkest shade, or in near-black for warm colours: Mantine's own light variant fails WCAG AA
 * contrast (4.5:1) in teal, orange and gray, which axe-core flags on status, role and merchant
 * badges. Measured: teal 9 on teal 0 is 4.7:1, blue 5.9:1, red 5.2:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor) return colors;
  const text = WARM_COLORS.has(parsed.color) ? 'dark-7' : `${parsed.color}-9`;
  return {
    ...colors,
    background: `var(--mantine-color-${parsed.color}-0)`,
    hover: `var(--mantine-color-${parsed.color}-1)`,
    color: `var(--mantine-color-${text})`,
  };
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 gives white button text and blue links at least 4.5:1 contrast (WCAG AA).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  variantColorResolver,
  components: {
    // A badge is a word or two: in a crowded table it keeps its width instead of being cut to
    // "Act…" (its label would otherwise shrink to nothing under the table's auto layout).
    // A plain object rather than Badge.extend, so the theme does not pull Badge into the entry.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});
