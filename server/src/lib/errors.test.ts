import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#common/errors';
import { AppError, ERRORS, fieldError } from './errors';

describe('the error vocabulary', () => {
  it('answers each code with its status and message from the one table', () => {
    const error = new AppError('track.sold');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(ERRORS['track.sold'].message);
    expect(error.code).toBe('track.sold');
    expect(new AppError('quota.exceeded').statusCode).toBe(413);
  });

  it('keeps a more precise message given where the error is thrown, with the status of its code', () => {
    const error = new AppError('form.invalid', 'Track name is required', { errors: { trackName: 'Track name is required' } });
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Track name is required');
    expect(error.details).toEqual({ errors: { trackName: 'Track name is required' } });
  });

  it('names the field of a field error', () => {
    const error = fieldError('upload.unsupported-format', 'audio', 'Audio file must be MP3 or WAV format');
    expect(error.statusCode).toBe(415);
    expect(error.details).toEqual({ errors: { audio: 'Audio file must be MP3 or WAV format' } });
  });

  it('only uses client-error, bad-gateway and unavailable statuses (and one for the unforeseen, one oEmbed requires), each with a message', () => {
    // oEmbed 1.0 answers a format it does not serve with 501 Not Implemented.
    const own: Record<string, number[]> = { internal: [500], 'oembed.format-unsupported': [501] };
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      const allowed = own[code] ?? [400, 401, 402, 403, 404, 408, 409, 413, 415, 416, 429, 431, 502, 503];
      expect(allowed, code).toContain(status);
      expect(message.length, code).toBeGreaterThan(0);
    }
  });

  it('answers each code the web may read, and no other (common/src/errors.ts)', () => {
    expect(Object.keys(ERRORS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERRORS.internal.status).toBe(500);
  });
});
