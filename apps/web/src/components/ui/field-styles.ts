/**
 * Mantine draws an input's description in its dimmed grey and its error in red 6, both under
 * 4.5:1 on white at their small size. Hints on our forms carry rules people must follow (the name
 * deposits are matched by) and errors say what to fix, so both get darker shades.
 */
export const readableFieldStyles = {
  description: { color: 'var(--mantine-color-dark-6)' },
  error: { color: 'var(--mantine-color-red-8)' },
} as const;
