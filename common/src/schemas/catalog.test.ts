import { describe, expect, it } from 'vitest';
import { albumFormSchema, albumTrackFormSchema, trackUploadFormSchema } from './catalog/forms';
import { albumFieldsSchema, albumUpdateFieldsSchema, trackCreateFieldsSchema, trackUpdateFieldsSchema } from './catalog/requests';
import { CATALOG_MESSAGES, coverUrl } from './catalog/rules';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe('track fields', () => {
  it('stores prices in minor units; empty or missing is free', () => {
    const base = { trackName: 'Jua', artistName: 'Wanjiru' };
    expect(trackCreateFieldsSchema.parse({ ...base, price: '150.5' })).toEqual({ ...base, price: 15050, payMore: false, suggestedPrice: null, allowFullPlayback: true, genre: null, tags: [] });
    expect(trackCreateFieldsSchema.parse({ ...base, price: '' }).price).toBe(0);
    expect(trackCreateFieldsSchema.parse(base).price).toBe(0);
    expect(trackCreateFieldsSchema.parse({ ...base, allowFullPlayback: 'false' }).allowFullPlayback).toBe(false);
  });

  it("gives the spec's messages", () => {
    expect(messages(trackCreateFieldsSchema.safeParse({ trackName: ' ', artistName: '', price: '-1' }))).toEqual([
      CATALOG_MESSAGES.trackNameRequired,
      CATALOG_MESSAGES.artistNameRequired,
      CATALOG_MESSAGES.priceMin,
    ]);
    expect(messages(trackCreateFieldsSchema.safeParse({ trackName: 'a', artistName: 'b', price: '1.234' }))).toEqual([CATALOG_MESSAGES.priceDecimals]);
  });

  it('leaves out of an edit what was not sent', () => {
    expect(trackUpdateFieldsSchema.parse({})).toEqual({});
    expect(trackUpdateFieldsSchema.parse({ price: '' })).toEqual({ price: 0 });
  });
});

describe('album fields', () => {
  it('defaults the lists (and no genre, no tags) on create but not on edit', () => {
    expect(albumFieldsSchema.parse({ albumName: 'Safari' })).toEqual({ albumName: 'Safari', price: 0, payMore: false, suggestedPrice: null, selectedSongs: [], albumTracks: [], genre: null, tags: [] });
    expect(albumUpdateFieldsSchema.parse({ albumName: 'Safari' })).toEqual({ albumName: 'Safari' });
  });

  it('needs at least one song in the form', () => {
    const result = albumFormSchema.safeParse({ albumName: 'Safari', price: '', selectedSongs: [], newTracks: [] });
    expect(messages(result)).toEqual([CATALOG_MESSAGES.albumNeedsSongs]);
  });
});

describe('upload form', () => {
  const file = (name: string, size = 1000, type = '') => ({ name, size, type });
  it('checks the audio file by name and size before sending', () => {
    const form = { trackName: 'Jua', artistName: 'Wanjiru', price: '' };
    expect(trackUploadFormSchema.safeParse({ ...form, audioFile: file('song.MP3') }).success).toBe(true);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, audioFile: file('song.ogg') }))).toEqual([CATALOG_MESSAGES.audioFormat]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, audioFile: file('song.wav', 51 * 1024 * 1024) }))).toEqual([
      CATALOG_MESSAGES.audioTooLarge,
    ]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, audioFile: file('song.wav'), coverPhoto: file('cover.gif') }))).toEqual([
      CATALOG_MESSAGES.coverPhoto,
    ]);
  });

  it('takes the type when a phone names a file without an extension', () => {
    const form = { trackName: 'Jua', artistName: 'Wanjiru', price: '' };
    expect(trackUploadFormSchema.safeParse({ ...form, audioFile: file('AUD-20250101', 1000, 'audio/mpeg') }).success).toBe(true);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, audioFile: file('AUD-20250101', 1000, 'audio/flac') }))).toEqual([
      CATALOG_MESSAGES.audioFormat,
    ]);
    expect(albumTrackFormSchema.safeParse({ ...form, allowFullPlayback: true, audioFile: file('AUD-20250101', 1000, 'audio/flac') }).success).toBe(true);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, audioFile: file('notes', 1000, 'text/plain') }))).toEqual([CATALOG_MESSAGES.audioFormat]);
  });

  it('reads a price as Kenyans type it, and names the problem with one it cannot read', () => {
    const form = { trackName: 'Jua', artistName: 'Wanjiru', audioFile: file('song.mp3') };
    for (const price of ['KES 1,500', '1,500/-', 'KSh 1,500', '1500.00']) {
      expect(trackUploadFormSchema.parse({ ...form, price }).price, price).toBe(150_000);
    }
    expect(messages(trackUploadFormSchema.safeParse({ ...form, price: '1e3' }))).toEqual([CATALOG_MESSAGES.priceFormat]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, price: '12,50' }))).toEqual([CATALOG_MESSAGES.priceDecimalComma]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, price: '12.345' }))).toEqual([CATALOG_MESSAGES.priceDecimals]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, price: '1,50,0' }))).toEqual([CATALOG_MESSAGES.priceGrouping]);
    expect(messages(trackUploadFormSchema.safeParse({ ...form, price: '-5' }))).toEqual([CATALOG_MESSAGES.priceMin]);
    expect(trackUploadFormSchema.parse({ ...form, price: ' 99.5 ' }).price).toBe(9950);
  });
});

it('builds versioned cover URLs', () => {
  expect(coverUrl('track', 't1', 'c1.png', 96)).toBe('/api/tracks/t1/cover?size=96&v=c1.png');
  expect(coverUrl('album', 'a1', null)).toBeNull();
});
