import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export interface RecordColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up at the end of their column. */
  numeric?: boolean;
}

/**
 * A list of records as a table where there is room and, on narrow screens, as one card per
 * record (its first column as the card's heading, the others as label and value), so nothing
 * scrolls sideways at 390 px. Both are labelled by the list's heading.
 */
export function RecordTable<Row>({
  rows,
  rowKey,
  columns,
  labelledBy,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly [RecordColumn<Row>, ...RecordColumn<Row>[]];
  labelledBy: string;
}) {
  const [first, ...rest] = columns;
  const align = (column: RecordColumn<Row>) =>
    column.numeric ? ({ textAlign: 'end', whiteSpace: 'nowrap' } as const) : undefined;
  return (
    <>
      <Table.ScrollContainer minWidth={600} visibleFrom="sm">
        <Table striped verticalSpacing="sm" aria-labelledby={labelledBy}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} style={align(column)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header} style={align(column)}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack
        gap="xs"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        hiddenFrom="sm"
        aria-labelledby={labelledBy}
      >
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder p="sm" radius="md">
            <Text component="div" size="sm" fw={600} mb={4}>
              {first.cell(row)}
            </Text>
            {rest.map((column) => (
              <Group key={column.header} justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {column.header}
                </Text>
                <Text component="div" size="sm" ta="end">
                  {column.cell(row)}
                </Text>
              </Group>
            ))}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
