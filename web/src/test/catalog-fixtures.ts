import type { Album, Track } from '#common/schemas/catalog/responses';

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function makeTrack(overrides: Partial<Track> = {}): Track {
  return {
    id: uuid(),
    userId: 'u1',
    trackName: 'Sunrise',
    artistName: 'Amani Wa Muziki',
    originalName: 'sunrise.mp3',
    fileSize: 4_718_592,
    mimeType: 'audio/mpeg',
    duration: 185.2,
    downloadCount: 0,
    uploadedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    coverPhotoFilename: null,
    albumId: null,
    price: 15_000,
    payMore: false,
    suggestedPrice: null,
    allowFullPlayback: true,
    genre: null,
    tags: [],
    streamCount: 0,
    streamReady: true,
    ...overrides,
  };
}

export function makeAlbum(overrides: Partial<Album> = {}): Album {
  return {
    id: uuid(),
    userId: 'u1',
    albumName: 'Nairobi Nights',
    artistName: 'Amani Wa Muziki',
    coverPhotoFilename: null,
    price: 0,
    payMore: false,
    suggestedPrice: null,
    genre: null,
    tags: [],
    createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
    tracks: [],
    ...overrides,
  };
}

/** The first bytes of a PNG of the given size: enough for the browser-side cover check. */
export function pngFile(width: number, height: number, name = 'cover.png'): File {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

export function audioFile(name = 'sunrise.mp3', size = 2048, type = 'audio/mpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}
