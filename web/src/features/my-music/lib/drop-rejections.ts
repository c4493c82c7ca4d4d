import type { FileRejection } from 'react-dropzone';
import { formatFileSize } from '#common/format';
import type { AppTranslator } from '@/lib/i18n';

export interface DropRules {
  /** react-dropzone accept map: MIME type -> extensions. */
  accept: Record<string, string[]>;
  maxSize: number;
  minSize: number;
}

/** ".mp3, .wav": the accepted extensions, each once. */
export function acceptedExtensions(accept: Record<string, string[]>): string {
  return [...new Set(Object.values(accept).flat())].join(', ');
}

/**
 * Spec section 5's file-drop rejections, one line each: the file type is not among the accepted
 * types; the file is larger or smaller than N bytes; too many files.
 */
export function rejectionMessage(t: AppTranslator['t'], rejections: readonly FileRejection[], rules: DropRules, language: 'en' | 'sw' = 'en'): string | null {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  if (codes.size === 0) return null;
  if (codes.has('too-many-files')) return t('myMusic.reject.tooMany');
  if (codes.has('file-invalid-type')) return t('myMusic.reject.type', { types: acceptedExtensions(rules.accept) });
  if (codes.has('file-too-large')) {
    // In plain words, with the file's own size (issue 20): "This file is 62 MB; the limit is 50 MB".
    const file = rejections.find((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'))?.file;
    if (file) return t('myMusic.reject.fileTooLarge', { size: megabytes(file.size, 'up'), limit: megabytes(rules.maxSize) });
    return t('myMusic.reject.tooLarge', { bytes: rules.maxSize, size: formatFileSize(rules.maxSize, language) });
  }
  if (codes.has('file-too-small')) return t('myMusic.reject.tooSmall', { count: rules.minSize });
  return rejections[0]?.errors[0]?.message ?? t('myMusic.reject.other');
}

/**
 * Megabytes as people say them: "62", "50", "50.1", one decimal at most; a refused file's size is
 * rounded up, so a file just over the limit never reads as the limit itself.
 */
export function megabytes(bytes: number, rounding: 'up' | 'nearest' = 'nearest'): string {
  const tenths = (bytes / (1024 * 1024)) * 10;
  return String((rounding === 'up' ? Math.ceil(tenths) : Math.round(tenths)) / 10);
}
