import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The last line of defence for a route: a friendly message instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const isChunk = error instanceof ChunkLoadError;
  if (!isChunk) console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={t('errors.generic')} role="alert">
          {isChunk ? t('errors.chunk') : t('errors.boundary')}
        </Alert>
        <Button variant="light" onClick={() => window.location.reload()} w="fit-content">
          {t('errors.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
