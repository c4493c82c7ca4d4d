import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PublicTrack } from '#common/schemas/public';
import { makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { TrackListRow } from '@/components/track-list-row';

const OWNED = 'GET /api/purchases/owned';
const publicTrack = (overrides: Partial<PublicTrack>): PublicTrack => ({ ...makeTrack(overrides), purchasable: true, ...overrides });

function renderRows(tracks: PublicTrack[]) {
  renderApp(
    '/',
    <ul>
      {tracks.map((track) => (
        <TrackListRow key={track.id} track={track} />
      ))}
    </ul>,
  );
  return (name: string) => screen.getByRole('listitem', { name });
}

describe('a song in a public list (issue 17)', () => {
  it("shows a preview-only song's '25-second preview' badge beside its price", async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, [OWNED]: { body: { trackIds: [], albumIds: [] } } });
    const row = renderRows([publicTrack({ id: 't1', trackName: 'Sunrise', price: 50000, allowFullPlayback: false })]);
    expect(within(row('Sunrise')).getByTestId('price')).toHaveTextContent('KES 500.00');
    expect(within(row('Sunrise')).getByText('25-second preview')).toBeVisible();
    await waitFor(() => expect(calls(OWNED)).toHaveLength(1));
    expect(within(row('Sunrise')).getByText('25-second preview')).toBeVisible();
  });

  it("shows no badge for a full song, nor asks what was bought; a free song is 'Free'", () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    const row = renderRows([publicTrack({ id: 't2', trackName: 'Full Song', price: 0, allowFullPlayback: true })]);
    expect(within(row('Full Song')).getByTestId('price')).toHaveTextContent('Free');
    expect(within(row('Full Song')).queryByText('25-second preview')).toBeNull();
    expect(calls(OWNED)).toHaveLength(0);
  });

  it('drops the badge for a song this browser bought: its buyer hears it whole', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [OWNED]: { body: { trackIds: ['t3'], albumIds: [] } } });
    const row = renderRows([publicTrack({ id: 't3', trackName: 'Bought', price: 5000, allowFullPlayback: false })]);
    await waitFor(() => expect(within(row('Bought')).queryByText('25-second preview')).toBeNull());
    expect(within(row('Bought')).getByTestId('price')).toHaveTextContent('KES 50.00');
  });
});
