import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ListSearch } from '@/lib/use-list-state';

/**
 * A list's search box, the same on every list: bound to `useListSearch` (what is typed reaches
 * the address once typing pauses, or at Enter), at most 100 characters like the API's `q`.
 */
export function SearchBox({
  search,
  label,
  placeholder,
  w,
  maw,
}: {
  search: ListSearch;
  label: string;
  placeholder: string;
  w?: TextInputProps['w'];
  maw?: TextInputProps['maw'];
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.value}
      onChange={search.onChange}
      onKeyDown={search.onKeyDown}
      maxLength={100}
      w={w}
      maw={maw}
    />
  );
}
