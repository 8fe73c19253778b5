import { List } from '@mantine/core';

/** Short notes or steps, each a line of its own; steps are numbered. */
export function NoteList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  return (
    <List type={ordered ? 'ordered' : 'unordered'} size="sm" spacing={4}>
      {items.map((text) => (
        <List.Item key={text}>{text}</List.Item>
      ))}
    </List>
  );
}
