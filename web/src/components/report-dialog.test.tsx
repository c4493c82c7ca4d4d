import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { mockFetch, type MockReply } from '@/test/fetch-mock';
import { ReportDialog } from './report-dialog';

/** Sends a report answered by `reply` and gives back the dialog. */
async function send(reply: MockReply | (() => never)) {
  mockFetch({ 'POST /api/reports': reply });
  render(<ReportDialog itemType="track" itemId="t1" name="Sunrise" open onOpenChange={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Report Sunrise' });
  fireEvent.change(within(dialog).getByLabelText('What is wrong?'), { target: { value: 'Not their song' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
  return dialog;
}

describe('ReportDialog', () => {
  it("says 'too many' by the answer's code (decision 046)", async () => {
    const dialog = await send({ status: 429, body: { code: 'request.too-many', message: 'Too many attempts.' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent many reports. Please try again later.');
  });

  it('says it failed for a 429 without our code (a proxy of its own), as for any other refusal', async () => {
    const dialog = await send({ status: 429, body: '<html>Slow down</html>' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not send the report. Please try again.');
  });

  it('says to check the connection when no answer came', async () => {
    const dialog = await send(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not send the report. Please check your connection and try again.');
  });

  it('thanks the fan once the report is taken', async () => {
    await send({ status: 202, body: { message: 'Thank you' } });
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toHaveAccessibleDescription('The Sauti team will look at it.');
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  });
});
