// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog under React', () => {
  it('names itself by its title and answers the button chosen', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(
      <ConfirmDialog
        open
        title="Cancel the process?"
        text="It cannot be undone."
        confirm="Cancel process"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the process?' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('It cannot be undone.'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel process' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
