import { Code } from '@mantine/core';

/** A version's 36-character App Version Key, kept on one line so it copies whole. */
export function AppVersionKey({ value }: { value: string }) {
  return (
    <Code style={{ whiteSpace: 'nowrap' }} fz="xs">
      {value}
    </Code>
  );
}
