import { useState, type FormEvent, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { FormDialog, useDialogForm } from './form-dialog';
import { TextField } from './text-field';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
type Values = z.output<typeof schema>;

/** A dialog with one field whose submit waits for the test to settle it (`release`). */
function Harness({
  onSubmit = async () => {},
  onOpenChange = () => {},
  initialOpen = true,
  error,
}: {
  onSubmit?: (values: Values) => Promise<void>;
  onOpenChange?: (open: boolean) => void;
  initialOpen?: boolean;
  error?: ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [pending, setPending] = useState(false);
  const form = useDialogForm(schema, open, { name: '' });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Name the thing"
        description="A name fans will see."
        form={form}
        onSubmit={async (values) => {
          setPending(true);
          try {
            await onSubmit(values);
          } finally {
            setPending(false);
          }
        }}
        submitLabel="Save Name"
        pending={pending}
        error={error}
      >
        <TextField name="name" label="Name" disabled={pending} />
      </FormDialog>
    </>
  );
}

/** A promise the test resolves when it likes. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('FormDialog', () => {
  it('is named and described by its title and description, and so is its form', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Name the thing' });
    expect(dialog).toHaveAccessibleDescription('A name fans will see.');
    expect(within(dialog).getByRole('form', { name: 'Name the thing' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Save Name' })).toBeEnabled();
  });

  it("submits the schema's output once the fields are valid", async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), '  Amani  ');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Amani' });
  });

  it("shows the schema's message under the field and submits nothing when a field is invalid", async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the pending state: a busy submit, both buttons disabled, and the dialog stays open', async () => {
    const saving = deferred();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={() => saving.promise} onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText('Name'), 'Amani');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));

    const submit = await screen.findByRole('button', { name: 'Save Name' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    expect(submit.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Name the thing' })).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();

    saving.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Name' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save Name' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Save Name' }).querySelector('svg.animate-spin')).toBeNull();
  });

  it('closes on Cancel without submitting', async () => {
    const onSubmit = vi.fn(async () => {});
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText('Name'), 'Amani');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts again from the initial values each time it opens', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Name'), 'Half-typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it('shows an error about the whole form as an alert, and none when there is none', () => {
    const { rerender } = render(<Harness />);
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    rerender(<Harness error="The server could not be reached." />);
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('The server could not be reached.');
  });

  it('with its own Cancel (an upload\'s), keeps Cancel enabled while pending and does that instead of closing', async () => {
    const onCancel = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<CancelHarness onCancel={onCancel} onOpenChange={onOpenChange} />);
    const cancel = screen.getByRole('button', { name: 'Cancel upload' });
    expect(cancel).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Uploading' })).toBeDisabled();
    await user.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByText('Opened from here')).toBeInTheDocument();
  });

  it("keeps its submit from reaching a form around it (a dialog opened from another dialog's)", async () => {
    const outer = vi.fn((event: FormEvent) => event.preventDefault());
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    render(
      <form onSubmit={outer}>
        <Harness onSubmit={onSubmit} />
      </form>,
    );
    await user.type(screen.getByLabelText('Name'), 'Amani');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(outer).not.toHaveBeenCalled();
  });

  it('disables the submit when told (nothing to save yet)', () => {
    render(<CancelHarness onCancel={() => {}} onOpenChange={() => {}} pending={false} submitDisabled />);
    expect(screen.getByRole('button', { name: 'Uploading' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Uploading' })).not.toHaveAttribute('aria-busy');
  });
});

/** A pending dialog whose Cancel stops the work (an upload) rather than closing. */
function CancelHarness({
  onCancel,
  onOpenChange,
  pending = true,
  submitDisabled,
}: {
  onCancel: () => void;
  onOpenChange: (open: boolean) => void;
  pending?: boolean;
  submitDisabled?: boolean;
}) {
  const form = useDialogForm(schema, true, { name: '' });
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Upload"
      description="A song."
      form={form}
      onSubmit={() => {}}
      submitLabel="Uploading"
      submitDisabled={submitDisabled}
      cancelLabel="Cancel upload"
      onCancel={onCancel}
      pending={pending}
      afterForm={<p>Opened from here</p>}
    >
      <p>Fields</p>
    </FormDialog>
  );
}

