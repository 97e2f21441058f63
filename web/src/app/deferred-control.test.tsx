import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cloneElement } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { DeferredControl, type DeferredControlProps } from './deferred-control.tsx';

function FakeMenu({ target, defaultOpened }: DeferredControlProps) {
  return (
    <div>
      {cloneElement(target, { 'data-loaded': true } as object)}
      {defaultOpened && <p>menu open</p>}
    </div>
  );
}

describe('DeferredControl', () => {
  test('hover fetches the control, the click mounts it open with the same, focused button', async () => {
    const load = vi.fn().mockResolvedValue(FakeMenu);
    render(<DeferredControl load={load} target={<button type="button">Reference</button>} />);
    const button = screen.getByRole('button', { name: 'Reference' });
    expect(load).not.toHaveBeenCalled();

    await userEvent.hover(button);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('menu open')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(await screen.findByText('menu open')).toBeInTheDocument();
    const loaded = screen.getByRole('button', { name: 'Reference' });
    expect(loaded).toHaveAttribute('data-loaded', 'true');
    expect(loaded).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a chunk that fails to load leaves the button, and the next click tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(FakeMenu);
    render(<DeferredControl load={load} target={<button type="button">Admin</button>} />);
    fireEvent.click(screen.getByRole('button', { name: 'Admin' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('menu open')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Admin' }));
    expect(await screen.findByText('menu open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
