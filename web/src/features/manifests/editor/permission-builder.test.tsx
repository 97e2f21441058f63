import { MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { PermissionBuilderModal } from './permission-builder.tsx';

function renderModal(permissions: Parameters<typeof PermissionBuilderModal>[0]['permissions']) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <PermissionBuilderModal opened permissions={permissions} onClose={onClose} onSave={onSave} />
    </AppProviders>,
  );
  return { onSave, onClose };
}

test('permissions that cannot be read say so, and cannot be saved', async () => {
  renderModal(null);
  const dialog = await screen.findByRole('dialog', { name: 'Permissions' });
  expect(within(dialog).getByRole('alert')).toHaveTextContent(MANIFEST_MESSAGES.permissionsParseError);
  expect(within(dialog).getByRole('button', { name: 'Save permissions' })).toBeDisabled();
});

test('the builder starts from the given permissions and hands back the changed copy', async () => {
  const { onSave } = renderModal({ company: { directory: 'standard' }, project: { rfi: 'readonly' } });
  const dialog = await screen.findByRole('dialog', { name: 'Permissions' });
  expect(within(dialog).getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
  expect(within(dialog).getByRole('radio', { name: 'Directory: Standard' })).toBeChecked();
  // Concierge disallows Read-Only only.
  expect(within(dialog).getByRole('radio', { name: 'Concierge: Read-Only' })).toBeDisabled();
  expect(within(dialog).getByRole('radio', { name: 'Concierge: Standard' })).toBeEnabled();
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Directory: None' }));
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Home: Admin' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
  expect(onSave).toHaveBeenCalledWith({
    company: { directory: 'none', home: 'admin' },
    project: { rfi: 'readonly' },
  });
});
