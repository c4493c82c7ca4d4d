import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type FileRejection } from 'react-dropzone';
import { compileCatalogue } from '#common/i18n/compile';
import { formatMessage, type MessageValues } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import { TRACK_AUDIO_ACCEPT, ALBUM_TRACK_AUDIO_ACCEPT, MAX_AUDIO_FILE_BYTES } from '#common/schemas/catalog/rules';
import { audioFile } from '@/test/catalog-fixtures';
import { AppMessages, setAppCatalogue } from '@/lib/app-i18n';
import { createTranslator, I18nProvider, type AppTranslator } from '@/lib/i18n';
import { rejectionMessage, type DropRules } from '../lib/drop-rejections';
import { AudioDropzone } from './audio-dropzone';
import appEn from '../../../../../common/src/i18n/app.en.json';
import appSw from '../../../../../common/src/i18n/app.sw.json';
import sw from '../../../../../common/src/i18n/sw.json';

const MB = 1024 * 1024;
const catalogues = { en: compileCatalogue(appEn), sw: compileCatalogue(appSw) };
const t = (language: Language): AppTranslator['t'] => (key, values?: MessageValues) => formatMessage(catalogues[language][key]!, values, language);
const rules: DropRules = { accept: TRACK_AUDIO_ACCEPT, maxSize: MAX_AUDIO_FILE_BYTES, minSize: 1, maxFiles: 20 };

/** A refusal as react-dropzone hands it over, with the library's own English message. */
function refused(file: File, code: string, message = `react-dropzone says: ${code}`): FileRejection {
  return { file: Object.assign(file, { path: file.name, relativePath: file.name }), errors: [{ code, message }] };
}

function sized(name: string, bytes: number): File {
  const file = audioFile(name, 1);
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe("the drop zone's refusals in our own plain words (issue 20 item 5)", () => {
  it('has a catalogue message for every react-dropzone code, in both languages, never the library’s text', () => {
    const cases: [string, FileRejection[], Record<Language, string>][] = [
      [
        ErrorCode.FileInvalidType,
        [refused(new File(['x'], 'notes.pdf', { type: 'application/pdf' }), ErrorCode.FileInvalidType, 'File type must be one of audio/mpeg,.mp3,audio/wav,.wav')],
        { en: '“notes.pdf” is not an audio file we take; choose MP3 or WAV', sw: '“notes.pdf” si faili ya sauti tunayopokea; chagua MP3 au WAV' },
      ],
      [
        ErrorCode.FileTooLarge,
        [refused(sized('long.wav', 62 * MB), ErrorCode.FileTooLarge, 'File is larger than 50 MB')],
        { en: 'This file is 62 MB; the limit is 50 MB', sw: 'Faili hii ina MB 62; kikomo ni MB 50' },
      ],
      [
        ErrorCode.FileTooSmall,
        [refused(new File([], 'empty.mp3', { type: 'audio/mpeg' }), ErrorCode.FileTooSmall, 'File is smaller than 1 byte')],
        { en: '“empty.mp3” is empty (0 bytes); choose another file', sw: '“empty.mp3” ni faili tupu (baiti 0); chagua faili nyingine' },
      ],
      [
        ErrorCode.TooManyFiles,
        // react-dropzone accepts the first 20 and refuses the other 5 as too many.
        Array.from({ length: 5 }, (_, index) => refused(audioFile(`song-${index}.mp3`), ErrorCode.TooManyFiles, 'Too many files')),
        { en: 'You chose 25 files; choose up to 20 at a time', sw: 'Umechagua faili 25; chagua hadi faili 20 kwa wakati mmoja' },
      ],
      // A code the library may add one day, or a validator's: still our words, never its English.
      ['file-unreadable', [refused(audioFile(), 'file-unreadable', 'File could not be read')], { en: 'This file cannot be used', sw: 'Faili hii haiwezi kutumika' }],
    ];
    expect(cases.map(([code]) => code).slice(0, 4).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const [code, rejections, expected] of cases) {
      for (const language of ['en', 'sw'] as const) {
        const message = rejectionMessage(t(language), rejections, rules, language, code === ErrorCode.TooManyFiles ? 20 : 0);
        expect(message, `${code} in ${language}`).toBe(expected[language]);
        expect(message).not.toBe(rejections[0]!.errors[0]!.message);
      }
    }
  });

  it('says "one file at a time" where the zone takes one, and names every type an album track may be', () => {
    const second = [refused(audioFile('b.mp3'), ErrorCode.TooManyFiles)];
    expect(rejectionMessage(t('en'), second, { ...rules, maxFiles: 1 }, 'en', 1)).toBe('Choose one file at a time');
    expect(rejectionMessage(t('sw'), second, { ...rules, maxFiles: 1 }, 'sw', 1)).toBe('Chagua faili moja tu kwa wakati mmoja');
    const pdf = [refused(new File(['x'], 'a.pdf'), ErrorCode.FileInvalidType)];
    expect(rejectionMessage(t('sw'), pdf, { ...rules, accept: ALBUM_TRACK_AUDIO_ACCEPT }, 'sw')).toBe('“a.pdf” si faili ya sauti tunayopokea; chagua MP3, WAV, M4A, AAC, OGG au FLAC');
    expect(rejectionMessage(t('en'), pdf, { ...rules, accept: ALBUM_TRACK_AUDIO_ACCEPT }, 'en')).toBe('“a.pdf” is not an audio file we take; choose MP3, WAV, M4A, AAC, OGG or FLAC');
    expect(rejectionMessage(t('en'), [], rules, 'en')).toBeNull();
  });

  it('in Kiswahili, the drop zone refuses a wrong type, an empty file, a large file and too many files in Kiswahili', async () => {
    setAppCatalogue('sw', catalogues.sw);
    const onReject = vi.fn();
    const onFile = vi.fn();
    render(
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <AppMessages>
          <AudioDropzone accept={TRACK_AUDIO_ACCEPT} file={null} onFile={onFile} onFiles={vi.fn()} onReject={onReject} />
        </AppMessages>
      </I18nProvider>,
    );
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText(appSw['myMusic.audioFile']);
    await user.upload(input, new File(['hello'], 'maelezo.txt', { type: 'text/plain' }));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith('“maelezo.txt” si faili ya sauti tunayopokea; chagua MP3 au WAV'));
    await user.upload(input, new File([], 'tupu.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith('“tupu.mp3” ni faili tupu (baiti 0); chagua faili nyingine'));
    await user.upload(input, sized('ndefu.wav', 62 * MB));
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith('Faili hii ina MB 62; kikomo ni MB 50'));
    const files = Array.from({ length: 21 }, (_, index) => audioFile(`wimbo-${index}.mp3`));
    fireEvent.drop(screen.getByTestId('audio-dropzone'), { dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] } });
    await waitFor(() => expect(onReject).toHaveBeenLastCalledWith('Umechagua faili 21; chagua hadi faili 20 kwa wakati mmoja'));
    expect(onFile).not.toHaveBeenCalled();
  });
});
