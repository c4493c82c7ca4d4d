import { describe, expect, it, vi } from 'vitest';
import { mockXhr } from '@/test/xhr-mock';
import { ApiError, NetworkError } from './api';
import { isAbortError, percentOf, uploadForm } from './upload';

function form() {
  const body = new FormData();
  body.append('trackName', 'Sunrise');
  return body;
}

describe('uploadForm', () => {
  it('sends the form with the session cookie and reports progress as whole percentages', async () => {
    const xhr = mockXhr();
    const onProgress = vi.fn();
    const result = uploadForm<{ id: string }>('POST', '/api/tracks', form(), { onProgress });
    const request = await xhr.next('POST', '/api/tracks');
    expect(request.withCredentials).toBe(true);
    expect(request.form.get('trackName')).toBe('Sunrise');
    request.progress(0, 2000);
    request.progress(999, 2000);
    request.progress(2000, 2000);
    request.respond(201, { id: 't1' });
    await expect(result).resolves.toEqual({ id: 't1' });
    expect(onProgress.mock.calls.map(([progress]) => progress.percent)).toEqual([0, 49, 100]);
  });

  it('turns an error answer into an ApiError with the body message and fields (spec section 8)', async () => {
    const xhr = mockXhr();
    const result = uploadForm('POST', '/api/tracks', form());
    (await xhr.next('POST', '/api/tracks')).respond(415, { message: 'Audio file must be MP3 or WAV format', errors: { audio: 'x' } }, 'Unsupported Media Type');
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Audio file must be MP3 or WAV format');
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).data.errors).toEqual({ audio: 'x' });
  });

  it('uses the status when the body has no message, and the status text when it is not JSON', async () => {
    const xhr = mockXhr();
    const first = uploadForm('POST', '/api/tracks', form());
    (await xhr.next('POST', '/api/tracks')).respond(500, {}, 'Internal Server Error');
    await expect(first).rejects.toThrow('500: Internal Server Error');
    const second = uploadForm('POST', '/api/tracks', form());
    (await xhr.next('POST', '/api/tracks')).respond(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(second).rejects.toThrow('Bad Gateway');
  });

  it("says 'Network error' when no answer comes", async () => {
    const xhr = mockXhr();
    const result = uploadForm('POST', '/api/tracks', form());
    (await xhr.next('POST', '/api/tracks')).failNetwork();
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error');
  });

  it('stops when its signal aborts', async () => {
    const xhr = mockXhr();
    const controller = new AbortController();
    const result = uploadForm('PATCH', '/api/tracks/t1', form(), { signal: controller.signal });
    const request = await xhr.next('PATCH', '/api/tracks/t1');
    controller.abort();
    const error = await result.catch((caught: unknown) => caught);
    expect(request.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('rounds down, so 100% means every byte is out', () => {
    expect(percentOf(1999, 2000)).toBe(99);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(3000, 2000)).toBe(100);
  });
});
