import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogButtons, DialogError, DialogShell } from './dialog-shell';

/** An opener and its dialog; `pending` keeps it open. */
function Harness({ pending = false, onOpenChange = () => {} }: { pending?: boolean; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    onOpenChange(next);
    setOpen(next);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogShell open={open} onOpenChange={change} pending={pending} title="Check your e-mail" description="A link is on its way." testId="shell" note={<p>A note</p>}>
        <DialogError>It went wrong.</DialogError>
        <DialogButtons type="button" label="Done" pending={pending} onClick={() => change(false)} cancelLabel="Cancel" onCancel={() => change(false)} cancelDisabled={pending} />
      </DialogShell>
    </>
  );
}

describe('DialogShell', () => {
  it('is named and described by its title and description, and shows its body', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Check your e-mail' });
    expect(dialog).toHaveAccessibleDescription('A link is on its way.');
    expect(dialog).toHaveAttribute('data-testid', 'shell');
    expect(within(dialog).getByText('A note')).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('It went wrong.');
  });

  // The focus going back to the opener is the browser's to show (e2e/keyboard.spec.ts): jsdom does not move it.
  it('closes on Escape', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open while pending, its main button busy and both disabled', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness pending onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    const dialog = screen.getByRole('dialog', { name: 'Check your e-mail' });
    expect(onOpenChange).not.toHaveBeenCalled();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    expect(done).toHaveAttribute('aria-busy', 'true');
    expect(done.querySelector('svg.animate-spin')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('DialogButtons', () => {
  it('shows its icon while not pending, and no Cancel without a label', () => {
    render(<DialogButtons label="Pay" icon={<svg data-testid="lock" />} />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toHaveAttribute('type', 'submit');
    expect(pay).toBeEnabled();
    expect(pay).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('lock')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
