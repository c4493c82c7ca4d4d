import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { CAROUSEL_GC_TIME_MS, CAROUSEL_STALE_TIME_MS, featuredTracksQuery } from '../api/featured';
import { LandingPage } from './landing-page';

const section = (name: string) => screen.getByRole('region', { name });

const track = (id: string, trackName: string) => ({
  track: { id, trackName, artistName: 'Amani', coverPhotoFilename: null, price: 15000 },
});

/** Signed out, and the three carousels' lists answer empty. */
const THREE_EMPTY = {
  'GET /api/user': SIGNED_OUT,
  'GET /api/featured-tracks': { body: [] },
  'GET /api/featured-artists': { body: [] },
  'GET /api/editors-picks': { body: [] },
};

describe('landing page carousels', () => {
  it('shows 5 placeholder cards in each carousel while loading', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /api/featured-tracks': () => new Promise(() => {}),
      'GET /api/featured-artists': () => new Promise(() => {}),
      'GET /api/editors-picks': () => new Promise(() => {}),
    });
    renderApp('/', <LandingPage />);
    for (const name of ['Currently Trending Songs', 'Popular Artists', "Editor's Pick"]) {
      await waitFor(() => expect(within(section(name)).getAllByTestId('carousel-placeholder')).toHaveLength(5));
    }
  });

  it('asks for 12 tracks, 10 artists, 12 picks and 12 new releases', async () => {
    const { requests } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/', <LandingPage />);
    await waitFor(() => expect(requests.filter((r) => r.path !== '/api/user')).toHaveLength(4));
    expect(requests.map((r) => r.url).filter((url) => url !== '/api/user').sort()).toEqual([
      '/api/editors-picks?limit=12',
      '/api/featured-artists?limit=10',
      '/api/featured-tracks?limit=12',
      '/api/new-releases?limit=12',
    ]);
  });

  it('keeps carousel data fresh for 5 minutes and cached for 10', () => {
    expect(CAROUSEL_STALE_TIME_MS).toBe(300_000);
    expect(CAROUSEL_GC_TIME_MS).toBe(600_000);
    expect(featuredTracksQuery).toMatchObject({ staleTime: 300_000, gcTime: 600_000 });
  });

  it('shows the empty texts when the lists are empty', async () => {
    mockFetch({ ...THREE_EMPTY });
    renderApp('/', <LandingPage />);
    expect(await screen.findByText('No featured tracks available at the moment.')).toBeVisible();
    expect(await screen.findByText('No featured artists available.')).toBeVisible();
    expect(await screen.findByText("No editor's picks available at the moment.")).toBeVisible();
  });

  it('shows the texts for failed loads (the lists do not exist yet: 404)', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/', <LandingPage />);
    expect(await screen.findByText("Failed to load editor's picks.")).toBeVisible();
    expect(await screen.findByText('No featured tracks available at the moment.')).toBeVisible();
    expect(await screen.findByText('No featured artists available.')).toBeVisible();
  });

  it('shows cards that link to tracks and artists, and scrolls 280 px per arrow click', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /api/featured-tracks': { body: [track('t1', 'Jua Kali'), track('t2', 'Mvua')] },
      'GET /api/featured-artists': {
        body: [{ id: 'a1', displayName: 'Amani Wa Muziki', profileUrl: '/profile/amaniwamuziki', hasProfilePhoto: false }],
      },
      'GET /api/editors-picks': { body: [track('t3', 'Usiku')] },
    });
    renderApp('/', <LandingPage />);
    const trending = await screen.findByRole('link', { name: /Jua Kali/ });
    expect(trending.getAttribute('href')).toBe('/track/t1');
    expect(within(trending).getByText('KES 150.00')).toBeVisible();
    expect((await screen.findByRole('link', { name: /Amani Wa Muziki/ })).getAttribute('href')).toBe('/profile/amaniwamuziki');

    const list = within(section('Currently Trending Songs')).getByRole('list');
    // jsdom has no layout: pretend the row overflows and sits at its start.
    Object.defineProperties(list, {
      scrollWidth: { configurable: true, value: 1000 },
      clientWidth: { configurable: true, value: 400 },
      scrollLeft: { configurable: true, writable: true, value: 0 },
    });
    const scrollBy = vi.fn();
    list.scrollBy = scrollBy as typeof list.scrollBy;
    fireEvent.scroll(list);
    const right = within(section('Currently Trending Songs')).getByRole('button', { name: 'Scroll Currently Trending Songs right' });
    await waitFor(() => expect(right.getAttribute('data-visible')).toBe('true'));
    const hiddenLeft = section('Currently Trending Songs').querySelector('[aria-label="Scroll Currently Trending Songs left"]');
    expect(hiddenLeft?.getAttribute('data-visible')).toBe('false');
    expect(hiddenLeft?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(right);
    expect(scrollBy).toHaveBeenCalledWith({ left: 280, behavior: 'smooth' });

    list.scrollLeft = 600;
    fireEvent.scroll(list);
    const left = within(section('Currently Trending Songs')).getByRole('button', { name: 'Scroll Currently Trending Songs left' });
    await waitFor(() => expect(left.getAttribute('data-visible')).toBe('true'));
    expect(right.getAttribute('data-visible')).toBe('false');
    fireEvent.click(left);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -280, behavior: 'smooth' });
  });

  it('shows New Releases after the three, albums marked and linked to their page', async () => {
    mockFetch({
      ...THREE_EMPTY,
      'GET /api/new-releases': {
        body: [
          { type: 'album', album: { id: 'a9', albumName: 'Siku Moja', artistName: 'Amani', coverPhotoFilename: null, price: 0 } },
          { type: 'track', track: { id: 't9', trackName: 'Kesho', artistName: 'Amani', coverPhotoFilename: null, price: 5000 } },
        ],
      },
    });
    renderApp('/', <LandingPage />);
    const album = await within(section('New Releases')).findByRole('link', { name: /Siku Moja/ });
    expect(album.getAttribute('href')).toBe('/album/a9');
    expect(within(album).getByText('Album')).toBeVisible();
    expect(within(section('New Releases')).getByRole('link', { name: /Kesho/ }).getAttribute('href')).toBe('/track/t9');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('New Releases')).toBeGreaterThan(headings.indexOf("Editor's Pick"));
  });

  it('says there are no new releases yet when there are none', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'GET /api/new-releases': { body: [] } });
    renderApp('/', <LandingPage />);
    expect(await within(section('New Releases')).findByText('No new releases yet.')).toBeVisible();
  });

  it('has a join-as-artist call to action', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/', <LandingPage />);
    expect(screen.getByRole('heading', { name: 'Are you an artist? Join Sauti.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join as an Artist' }).getAttribute('href')).toBe('/auth?tab=register');
  });
});
