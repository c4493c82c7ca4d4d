import { it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
const artist = { id: 'u1', displayName: 'Amani Wa Muziki', profilePhotoFilename: null, profileUrl: '/profile/amaniwamuziki', hasProfilePhoto: false };
it('dbg', async () => {
  mockFetch({ 'GET /api/user': SIGNED_OUT, 'GET /api/track-detail/t1': { body: { track: makeTrack({ id: 't1', trackName: 'Sunrise', price: 5000 }), user: artist } } });
  renderApp('/track/t1');
  await screen.findByRole('heading', { level: 1 });
  const { computeAccessibleName } = await import('dom-accessibility-api'); for (const b of screen.getAllByRole('button')) console.log('BTN', JSON.stringify(computeAccessibleName(b)), b.getAttribute('aria-busy'));
});
