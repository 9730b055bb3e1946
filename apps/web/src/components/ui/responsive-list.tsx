import { Table, type TableTdProps, type TableTrProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
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
  /** Tighter rows, for a log read line by line. */
  dense?: boolean;
  /** Rows light up under the pointer (rows that open something). */
  highlightOnHover?: boolean;
  /**
   * A table with no control of its own: its scrolling box takes the focus, so a keyboard user can
   * scroll to the last columns on a narrow screen.
   */
  focusableScroll?: boolean;
  /** More about an item, on a desktop in a row of its own under the item's (from the second column). */
  rowDetail?: (item: Item) => ReactNode;
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
  highlightOnHover,
  rowDetail,
  focusableScroll,
  dense,
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
    <Table.ScrollContainer
      minWidth={minWidth}
      {...(focusableScroll ? { type: 'native', tabIndex: 0 } : {})}
    >
      <Table
        verticalSpacing={dense ? 'xs' : 'sm'}
        horizontalSpacing="md"
        highlightOnHover={highlightOnHover}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th
                key={index}
                scope="col"
                style={column.align === 'right' ? right : undefined}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const detail = rowDetail?.(item);
            const props = rowProps?.(item);
            return (
              <Fragment key={itemKey(item)}>
                <Table.Tr
                  {...props}
                  style={detail ? { ...(props?.style as object), borderBottom: 0 } : props?.style}
                >
                  {columns.map((column, index) => (
                    <Table.Td
                      key={index}
                      {...column.cellProps}
                      style={{
                        // A long word (an email, a pasted string) breaks rather than pushing the
                        // table wider than the screen: no column is ever cut off at 1280 px.
                        overflowWrap: 'anywhere',
                        ...(column.align === 'right' ? right : {}),
                        ...(column.cellProps?.style as object | undefined),
                      }}
                    >
                      {column.cell(item)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {detail ? (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={columns.length - 1} pt={0}>
                      {detail}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
