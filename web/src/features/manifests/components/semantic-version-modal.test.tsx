import { MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { SemanticVersionModal, semanticVersionFailure } from './semantic-version-modal.tsx';

function renderModal(onSubmit: (version: string) => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <SemanticVersionModal opened suggested="0.3.0" onClose={onClose} onSubmit={onSubmit} />
    </AppProviders>,
  );
  return { onClose };
}

const refusal = (body: { message: string; errors?: string[]; fields?: Record<string, string[]> }) =>
  new ApiRequestError(422, { code: 'validation_failed', errors: [], ...body });

test('prefilled with the suggestion; required and major.minor.patch before anything is sent', async () => {
  const onSubmit = vi.fn(async () => {});
  const { onClose } = renderModal(onSubmit);
  const dialog = await screen.findByRole('dialog', { name: 'Create Version' });
  const input = within(dialog).getByRole('textbox', { name: /Semantic version/ });
  expect(input).toHaveValue('0.3.0');
  await userEvent.clear(input);
  expect(within(dialog).getByText(MANIFEST_MESSAGES.semanticVersionRequired)).toBeInTheDocument();
  await userEvent.type(input, '1.0');
  expect(within(dialog).getByText(MANIFEST_MESSAGES.semanticVersionFormat)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
  expect(onSubmit).not.toHaveBeenCalled();
  await userEvent.type(input, '.0 ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
  expect(onSubmit).toHaveBeenCalledWith('1.0.0');
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

test("a refusal shows the server's first detail and keeps the modal open", async () => {
  const { onClose } = renderModal(async () => {
    throw refusal({
      message: 'Invalid',
      errors: ['semantic_version: Semantic version must be greater than 0.3.0, the published version'],
      fields: {
        'app_version.semantic_version': [
          'Semantic version must be greater than 0.3.0, the published version',
        ],
      },
    });
  });
  const dialog = await screen.findByRole('dialog', { name: 'Create Version' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Semantic version must be greater than 0.3.0, the published version',
  );
  expect(onClose).not.toHaveBeenCalled();
});

test('what a refused save says: details first, then the message, else the default text', () => {
  expect(
    semanticVersionFailure(refusal({ message: 'm', fields: { a: ['field first'] }, errors: ['e'] })),
  ).toBe('field first');
  expect(semanticVersionFailure(refusal({ message: 'm', errors: ['listed'] }))).toBe('listed');
  expect(semanticVersionFailure(refusal({ message: MANIFEST_MESSAGES.sandboxRequired }))).toBe(
    MANIFEST_MESSAGES.sandboxRequired,
  );
  expect(semanticVersionFailure(refusal({ message: '' }))).toBe(
    'Something went wrong when saving the new version.',
  );
  expect(semanticVersionFailure(new TypeError('Failed to fetch'))).toBe(
    'Something went wrong when saving the new version.',
  );
});
