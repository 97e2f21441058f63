import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { DropzoneField, type DropzoneFieldProps } from './dropzone-field.tsx';

// jsdom has no object URLs; the preview only needs a string.
URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

function renderField(overrides: Partial<DropzoneFieldProps> = {}) {
  const props: DropzoneFieldProps = {
    label: 'App avatar',
    accept: ['image/png', 'image/jpeg'],
    acceptLabel: 'JPEG or PNG',
    maxBytes: 2 * 1024 * 1024,
    previewUrl: null,
    previewAlt: 'App avatar',
    progress: null,
    removeLabel: 'Remove logo',
    onFile: vi.fn(),
    onRemove: vi.fn(),
    ...overrides,
  };
  const view = render(
    <AppProviders client={createQueryClient()}>
      <DropzoneField {...props} />
    </AppProviders>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...view, props, input };
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

test('says what it accepts, and a chosen file is handed on and previewed while it uploads', async () => {
  const onFile = vi.fn();
  function Uploading() {
    const [progress, setProgress] = useState<number | null>(null);
    return (
      <DropzoneField
        label="App avatar"
        accept={['image/png', 'image/jpeg']}
        acceptLabel="JPEG or PNG"
        maxBytes={2 * 1024 * 1024}
        previewUrl={null}
        previewAlt="App avatar"
        progress={progress}
        removeLabel="Remove logo"
        onFile={(file) => {
          onFile(file);
          setProgress(0);
        }}
        onRemove={() => {}}
      />
    );
  }
  const { container } = render(
    <AppProviders client={createQueryClient()}>
      <Uploading />
    </AppProviders>,
  );
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  expect(screen.getByText('App avatar')).toBeInTheDocument();
  expect(screen.getByText('Drag a file here or click to choose one')).toBeInTheDocument();
  expect(screen.getByText('JPEG or PNG, one file, up to 2 MB')).toBeInTheDocument();
  expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
  await userEvent.upload(input, png());
  await waitFor(() => expect(onFile).toHaveBeenCalledWith(expect.any(File)));
  expect(await screen.findByRole('img', { name: 'App avatar' })).toHaveAttribute('src', 'blob:preview');
  expect(screen.getByText('Uploading... 0%')).toBeInTheDocument();
});

test('is a button named by the text it shows, with no focusable content (WCAG 2.5.3, axe)', () => {
  const { input } = renderField();
  const zone = screen.getByRole('button', {
    name: 'App avatar: Drag a file here or click to choose one. JPEG or PNG, one file, up to 2 MB',
  });
  expect(zone).toContainElement(input);
  expect(input).toHaveStyle({ display: 'none' });
});

test('a wrong type or an oversized file is refused with a message, never handed on', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const { props, input } = renderField({ maxBytes: 1024 });
  await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
  expect(await screen.findByText('The file must be JPEG or PNG')).toBeInTheDocument();
  await user.upload(input, png(4096));
  expect(await screen.findByText('The file is larger than 0 MB')).toBeInTheDocument();
  expect(props.onFile).not.toHaveBeenCalled();
});

test('an upload shows its progress; a saved file shows its preview and can be removed', async () => {
  function Harness() {
    const [progress, setProgress] = useState<number | null>(0.4);
    return (
      <>
        <DropzoneField
          label="App avatar"
          accept={['image/png']}
          acceptLabel="PNG"
          maxBytes={1024}
          previewUrl="/logo.png"
          previewAlt="App avatar"
          progress={progress}
          removeLabel="Remove logo"
          onFile={() => {}}
          onRemove={onRemove}
        />
        <button type="button" onClick={() => setProgress(null)}>
          finish
        </button>
      </>
    );
  }
  const onRemove = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
  expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
  // No removing while an upload runs.
  expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'finish' }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'App avatar' })).toHaveAttribute('src', '/logo.png');
  await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
  expect(onRemove).toHaveBeenCalledOnce();
});

test('multiple: several files go to onFile one after another, and a refused one stops the rest', async () => {
  const named = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
  const handed: string[] = [];
  let finishFirst = () => {};
  const onFile = vi.fn(
    (file: File) =>
      new Promise<boolean>((resolve) => {
        handed.push(file.name);
        if (file.name === 'one.png') finishFirst = () => resolve(true);
        else resolve(file.name !== 'two.png');
      }),
  );
  const { input } = renderField({ multiple: true, onFile });
  expect(
    screen.getByRole('button', {
      name: 'App avatar: Drag files here or click to choose them. JPEG or PNG, one or more files, up to 2 MB each',
    }),
  ).toBeInTheDocument();
  expect(input).toHaveAttribute('multiple');
  await userEvent.upload(input, [named('one.png'), named('two.png'), named('three.png')]);
  await waitFor(() => expect(handed).toEqual(['one.png']));
  finishFirst();
  // The second is refused (its promise resolves false): the third is never sent.
  await waitFor(() => expect(handed).toEqual(['one.png', 'two.png']));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(handed).toEqual(['one.png', 'two.png']);
});
