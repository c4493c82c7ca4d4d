import { cleanName } from '#common/text';

export interface AudioTags {
  title?: string;
  artist?: string;
}

const clean = (value: string | undefined, max: number): string | undefined => {
  const text = value === undefined ? '' : cleanName(value).trim().slice(0, max);
  return text === '' ? undefined : text;
};

/**
 * The title and artist a file's tags carry (an MP3's ID3, a WAV's INFO list), to prefill the
 * upload form; nothing when it has none or cannot be read. music-metadata reads the blob by
 * slices, so a 50 MB WAV is not loaded whole, and it is fetched only when a file is picked.
 */
export async function readAudioTags(file: Blob): Promise<AudioTags> {
  try {
    const { parseBlob } = await import('music-metadata');
    const { common } = await parseBlob(file, { duration: false, skipCovers: true, skipPostHeaders: true });
    return { title: clean(common.title, 200), artist: clean(common.artist, 100) };
  } catch {
    return {};
  }
}
