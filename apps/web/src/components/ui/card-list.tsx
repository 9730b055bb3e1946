import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface CardListProps<Item> {
  items: readonly Item[];
  /** Accessible name of the list. */
  label: string;
  itemKey: (item: Item) => string;
  children: (item: Item) => ReactNode;
  /** Space between the lines of one card. */
  gap?: number;
}

/** A list shown as stacked cards: what a table becomes on a phone. */
export function CardList<Item>({ items, label, itemKey, children, gap = 4 }: CardListProps<Item>) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item, index) => (
        <Stack
          component="li"
          key={itemKey(item)}
          gap={gap}
          p="md"
          // Text people typed (names, references) may be one long unbroken word: it breaks
          // inside the card instead of pushing a phone screen sideways.
          style={{
            minWidth: 0,
            overflowWrap: 'anywhere',
            ...(index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : {}),
          }}
        >
          {children(item)}
        </Stack>
      ))}
    </Stack>
  );
}
