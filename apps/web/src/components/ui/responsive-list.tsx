import { Table, type TableTdProps, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList } from '@/components/ui/card-list';
import { usePhone } from '@/lib/use-phone';

export interface ListColumn<Item> {
  header: ReactNode;
  cell: (item: Item) => ReactNode;
  /** Numbers and actions line up on the right. */
  align?: 'right';
  /** Props of each cell in this column (a width, a style). */
  cellProps?: TableTdProps;
}

interface ResponsiveListProps<Item> {
  items: readonly Item[];
  /** Accessible name of the table, or of the card list on a phone. */
  label: string;
  itemKey: (item: Item) => string;
  columns: readonly ListColumn<Item>[];
  /** One item as a card on a phone. */
  card: (item: Item) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Props of each row (a data attribute, a highlight). */
  rowProps?: (item: Item) => TableTrProps;
  /** Space between the lines of one card. */
  cardGap?: number;
}

/**
 * The one way a list is shown: a table on a desktop, stacked cards on a phone (`usePhone`), with
 * the same items and the same accessible name.
 */
export function ResponsiveList<Item>({
  items,
  label,
  itemKey,
  columns,
  card,
  minWidth,
  rowProps,
  cardGap,
}: ResponsiveListProps<Item>) {
  const phone = usePhone();
  if (phone) {
    return (
      <CardList items={items} label={label} itemKey={itemKey} gap={cardGap}>
        {card}
      </CardList>
    );
  }
  const right = { textAlign: 'right' } as const;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} style={column.align === 'right' ? right : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={itemKey(item)} {...rowProps?.(item)}>
              {columns.map((column, index) => (
                <Table.Td
                  key={index}
                  {...column.cellProps}
                  style={{
                    ...(column.align === 'right' ? right : {}),
                    ...(column.cellProps?.style as object | undefined),
                  }}
                >
                  {column.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
