import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Form, FormControl } from '@/components/ui/form';
import { FieldItem, TextField } from './text-field';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required'), colour: z.string() });

/** A form around the fields, submitted by its button. */
function Harness({ children }: { children: ReactNode }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', colour: 'red' } });
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(() => {})(event)}>
        {children}
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe('TextField', () => {
  it('is named by its label, described by its hint, and takes the input props', () => {
    render(
      <Harness>
        <TextField name="name" label="Name" description="As fans will see it." autoComplete="off" maxLength={40} className="h-11" />
      </Harness>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAccessibleDescription('As fans will see it.');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('maxlength', '40');
    expect(input).toHaveClass('h-11');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the schema's message under the field, described and marked invalid, in the page's language when asked", async () => {
    render(
      <Harness>
        <TextField name="name" label="Name" localize={(message) => `[${message}]`} />
      </Harness>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(await screen.findByText('[Name is required]')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('[Name is required]');
  });

  it('writes no hint when there is none, and shows a message of its own in place of the usual one', async () => {
    render(
      <Harness>
        <TextField name="name" label="Name" message={<p>Own message</p>} />
      </Harness>,
    );
    expect(document.querySelector('[data-slot="form-description"]')).toBeNull();
    expect(screen.getByText('Own message')).toBeVisible();
  });
});

describe('aria-describedby (issue 33: it named elements that were not there)', () => {
  /** Every id the control's aria-describedby names is an element of the page. */
  const describedIdsExist = (control: HTMLElement) =>
    (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).every((id) => document.getElementById(id) !== null);

  it('names nothing for a field without a hint or an error, and only the message once there is one', async () => {
    render(
      <Harness>
        <TextField name="name" label="Name" />
      </Harness>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
    expect(describedIdsExist(input)).toBe(true);
  });

  it('names the hint and the message, both there', async () => {
    render(
      <Harness>
        <TextField name="name" label="Name" description="As fans will see it." />
      </Harness>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(describedIdsExist(input)).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    expect(input).toHaveAccessibleDescription('As fans will see it. Name is required');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(describedIdsExist(input)).toBe(true);
  });
});

describe('FieldItem', () => {
  it('wires any control to its label and value', async () => {
    render(
      <Harness>
        <FieldItem
          name="colour"
          label="Colour"
          render={(field) => (
            <select {...field}>
              <option value="red">Red</option>
              <option value="blue">Blue</option>
            </select>
          )}
        />
      </Harness>,
    );
    const select = screen.getByRole('combobox', { name: 'Colour' });
    expect(select).toHaveValue('red');
    await userEvent.setup().selectOptions(select, 'blue');
    expect(select).toHaveValue('blue');
  });

  it('leaves the FormControl to a render that places its own (a control not always there)', () => {
    render(
      <Harness>
        <FieldItem
          name="colour"
          label="Colour"
          ownControl
          render={(field) => (
            <div>
              <p>Loading…</p>
              <FormControl>
                <input {...field} />
              </FormControl>
            </div>
          )}
        />
      </Harness>,
    );
    expect(screen.getByRole('textbox', { name: 'Colour' })).toHaveValue('red');
  });
});
