import type { FileRejection } from 'react-dropzone';
import { formatFileSize } from '#common/format';
import type { Translator } from '@/lib/i18n';

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
export function rejectionMessage(rejections: readonly FileRejection[], rules: DropRules, t?: Translator['t']): string | null {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  if (codes.size === 0) return null;
  if (codes.has('too-many-files')) return 'Too many files';
  if (codes.has('file-invalid-type')) return `File type must be one of ${acceptedExtensions(rules.accept)}`;
  if (codes.has('file-too-large')) {
    // In plain words, with the file's own size (issue 20): "This file is 62 MB; the limit is 50 MB".
    const file = rejections.find((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'))?.file;
    if (t && file) return t('dashboard.upload.fileTooLarge', { size: megabytes(file.size, 'up'), limit: megabytes(rules.maxSize) });
    return `File is larger than ${rules.maxSize} bytes (${formatFileSize(rules.maxSize)})`;
  }
  if (codes.has('file-too-small')) return `File is smaller than ${rules.minSize} ${rules.minSize === 1 ? 'byte' : 'bytes'}: it is empty`;
  return rejections[0]?.errors[0]?.message ?? 'This file cannot be used';
}

/**
 * Megabytes as people say them: "62", "50", "50.1", one decimal at most; a refused file's size is
 * rounded up, so a file just over the limit never reads as the limit itself.
 */
export function megabytes(bytes: number, rounding: 'up' | 'nearest' = 'nearest'): string {
  const tenths = (bytes / (1024 * 1024)) * 10;
  return String((rounding === 'up' ? Math.ceil(tenths) : Math.round(tenths)) / 10);
}
