import { Box, Container, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsJoined } from '../lib/api.ts';

/** Stable keys for `count` placeholder rows. */
const keys = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** Lines of text still loading (a card's body, a short list). */
export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Stack gap="xs" aria-hidden>
      {keys('line', lines).map((key, i) => (
        <Skeleton key={key} height={12} width={i === lines - 1 ? '60%' : '100%'} radius="sm" />
      ))}
    </Stack>
  );
}

/** A table still loading: a header row and `rows` rows (screen readers hear "Loading..."). */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <Skeleton height={20} width="40%" radius="sm" />
      {keys('row', rows).map((key) => (
        <Skeleton key={key} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

/** A page still loading: a heading and a few cards' worth of lines. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md" aria-busy="true">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <Stack gap="lg">
        <Skeleton height={14} width={180} radius="sm" />
        <Skeleton height={32} width="50%" radius="sm" />
        {[0, 1].map((card) => (
          <Stack key={card} gap="sm" p="lg" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
            <Skeleton height={22} width="30%" radius="sm" />
            <TextSkeleton lines={4} />
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}

/**
 * The whole shell before anything is known (the runtime config, the first route): the header bar
 * and a page skeleton, so the first paint is the portal's frame rather than a blank page.
 */
export function ShellSkeleton() {
  return (
    <>
      <Box
        h={60}
        px="md"
        style={{
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <Group justify="space-between" w="100%" wrap="nowrap">
          <Skeleton height={20} width={170} radius="sm" />
          <Skeleton height={28} circle />
        </Group>
      </Box>
      <Box p="md">
        <PageSkeleton />
      </Box>
    </>
  );
}

/** Something still on its way (a lazy chunk, a first fetch): one dimmed line, "Loading..." unless told. */
export function LoadingLine({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" aria-busy="true">
      {label ?? t('common.loading')}
    </Text>
  );
}

/** A lazily loaded part, with its loading line until the chunk arrives. */
export function LazyPart({ children, label }: { children: ReactNode; label?: string }) {
  return <Suspense fallback={<LoadingLine label={label} />}>{children}</Suspense>;
}

/**
 * A query's first load, for a part that shows its own data: the text skeleton while it loads, its
 * error (red, an alert) once it failed. Render it while `query.data` is still undefined.
 */
export function QueryFirstLoad({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.isPending) return <TextSkeleton />;
  return (
    <Text c="red" role="alert">
      {errorsJoined(query.error, t('errors.generic'))}
    </Text>
  );
}
