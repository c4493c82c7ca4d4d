import { expect, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { mockFetch, SIGNED_OUT, type MockRoute } from './fetch-mock';
import { findToast, renderApp } from './render';

/**
 * What the public pages' tests (profile, track, album) share: the artist they show, a signed-out
 * visit, the clipboard and the media element stubbed, and the page's h1 awaited.
 */

/** The artist a public page's answer carries. */
export const PUBLIC_ARTIST = {
  id: 'u1',
  displayName: 'Amani Wa Muziki',
  profilePhotoFilename: null,
  profileUrl: '/profile/amaniwamuziki',
  hasProfilePhoto: false,
};

/** A signed-out visitor opens `path` with these answers; returns mockFetch's record of calls. */
export function visitSignedOut(path: string, routes: Record<string, MockRoute>) {
  const fetched = mockFetch({ 'GET /api/user': SIGNED_OUT, ...routes });
  renderApp(path);
  return fetched;
}

/** Waits for the page's h1 with this name, and says it is visible. */
export async function expectPageHeading(name: string) {
  const heading = await screen.findByRole('heading', { level: 1, name });
  expect(heading).toBeVisible();
  return heading;
}

/** A clipboard whose writeText runs `writeText`; remove it with unstubClipboard after each test. */
export function stubClipboard(writeText: (text: string) => Promise<void>) {
  const write = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
  return write;
}

export function unstubClipboard() {
  Reflect.deleteProperty(navigator, 'clipboard');
}

/** Clicks a copy button with fake timers on, so the test can step through its 'Copied!' time. */
export async function clickWithFakeTimers(button: HTMLElement) {
  vi.useFakeTimers();
  await act(async () => {
    fireEvent.click(button);
  });
}

/** jsdom has no media playback: play resolves, pause and load do nothing (restore with vi.restoreAllMocks). */
export function stubMediaElement() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}

/** The checked download's link clicks, caught: returns the addresses the page let the browser download. */
export function catchDownloadClicks() {
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  return clicked;
}

/** A download the page must refuse: the error it logs silenced, and its link's click spied on (never to be called). */
export function spyOnRefusedDownload() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

/**
 * The checked download went through for `address`: 'Download started', one HEAD check, and the
 * link clicked for it; the file itself is fetched by the browser (streamed to disk), never by the page.
 */
export async function expectDownloadStarted(calls: (key: string) => unknown[], clicked: string[], address: string) {
  expect(await findToast('Download started')).toBeVisible();
  expect(calls(`HEAD ${address}`)).toHaveLength(1);
  expect(calls(`GET ${address}`)).toHaveLength(0);
  expect(clicked).toEqual([address]);
}
