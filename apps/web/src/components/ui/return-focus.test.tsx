import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A list row's way of opening a dialog: a button that sets state, no Radix trigger. */
function RowWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Edit Aurora
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Edit exhibitor</DialogTitle>
          <DialogDescription>Its company and contact.</DialogDescription>
          <input aria-label="Company" />
        </DialogContent>
      </Dialog>
    </>
  );
}

function RowWithConfirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Aurora
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Aurora?"
        description="It cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

function openWith(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('dialogs opened from a control', () => {
  it('give the focus back to it when closed with Escape', async () => {
    render(<RowWithDialog />);
    const opener = openWith('Edit Aurora');
    await screen.findByRole('dialog', { name: 'Edit exhibitor' });
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('give the focus back to it when closed with the close button', async () => {
    render(<RowWithDialog />);
    const opener = openWith('Edit Aurora');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('give the focus back to it from a confirmation, cancelled or confirmed', async () => {
    render(<RowWithConfirm />);
    for (const choice of ['Cancel', 'Delete']) {
      const opener = openWith('Delete Aurora');
      fireEvent.click(await screen.findByRole('button', { name: choice }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
