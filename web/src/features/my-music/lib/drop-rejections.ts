import { ErrorCode, type FileRejection } from 'react-dropzone';
import type { AppTranslator } from '@/lib/i18n';

export interface DropRules {
  /** react-dropzone accept map: MIME type -> extensions. */
  accept: Record<string, string[]>;
  maxSize: number;
  /** 1 for audio: a file under it is empty. */
  minSize: number;
  /** How many files one drop may hold. */
  maxFiles: number;
}

/** ".mp3, .wav": the accepted extensions, each once. */
export function acceptedExtensions(accept: Record<string, string[]>): string {
  return [...new Set(Object.values(accept).flat())].join(', ');
}

/** "MP3 or WAV" / "MP3 au WAV": the accepted types as people name them, in the page's language. */
export function acceptedTypes(accept: Record<string, string[]>, language: 'en' | 'sw'): string {
  const names = [...new Set(Object.values(accept).flat())].map((extension) => extension.replace(/^\./, '').toUpperCase());
  return new Intl.ListFormat(language === 'sw' ? 'sw-KE' : 'en-KE', { type: 'disjunction' }).format(names);
}

/**
 * Spec section 5's file-drop rejections (file type not among the accepted types; larger or smaller
 * than the limits; too many files), each react-dropzone code in our own plain words with the
 * file's name or figures (issue 20: "This file is 62 MB; the limit is 50 MB"). The library's own
 * `message` is English and technical: it is never shown, and a code it may add later reads as
 * "This file cannot be used".
 */
export function rejectionMessage(
  t: AppTranslator['t'],
  rejections: readonly FileRejection[],
  rules: DropRules,
  language: 'en' | 'sw' = 'en',
  /** How many files of the same drop were accepted (react-dropzone accepts up to maxFiles and refuses the rest). */
  acceptedCount = 0,
): string | null {
  const withCode = (code: string) => rejections.find((rejection) => rejection.errors.some((error) => error.code === code))?.file;
  if (!rejections.some((rejection) => rejection.errors.length > 0)) return null;
  // Too many files: the whole drop is refused, and the message counts every file of it.
  if (withCode(ErrorCode.TooManyFiles)) return t('myMusic.reject.tooMany', { count: acceptedCount + rejections.length, max: rules.maxFiles });
  const wrongType = withCode(ErrorCode.FileInvalidType);
  if (wrongType) return t('myMusic.reject.type', { name: wrongType.name, types: acceptedTypes(rules.accept, language) });
  const tooLarge = withCode(ErrorCode.FileTooLarge);
  if (tooLarge) return t('myMusic.reject.fileTooLarge', { size: megabytes(tooLarge.size, 'up'), limit: megabytes(rules.maxSize) });
  const tooSmall = withCode(ErrorCode.FileTooSmall);
  if (tooSmall) return t('myMusic.reject.empty', { name: tooSmall.name });
  return t('myMusic.reject.other');
}

/**
 * Megabytes as people say them: "62", "50", "50.1", one decimal at most; a refused file's size is
 * rounded up, so a file just over the limit never reads as the limit itself.
 */
export function megabytes(bytes: number, rounding: 'up' | 'nearest' = 'nearest'): string {
  const tenths = (bytes / (1024 * 1024)) * 10;
  return String((rounding === 'up' ? Math.ceil(tenths) : Math.round(tenths)) / 10);
}
