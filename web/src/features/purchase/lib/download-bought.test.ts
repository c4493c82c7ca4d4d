import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { subscribeToToasts, type ToasterToast } from '@/components/ui/use-toast';
import { startDownload } from '@/lib/download';
import type * as DownloadModule from '@/lib/download';
import { downloadBought } from './download-bought';

vi.mock('@/lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  startDownload: vi.fn(),
}));

const URL = '/api/tracks/t1/download';

function toasts(): ToasterToast[] {
  let current: ToasterToast[] = [];
  subscribeToToasts((state) => (current = state.toasts))();
  return current;
}

afterEach(() => {
  vi.mocked(startDownload).mockReset();
  vi.restoreAllMocks();
});

describe('the automatic download of a bought item', () => {
  it('lets the browser download it once HEAD says it may', async () => {
    const { calls } = mockFetch({ [`HEAD ${URL}`]: { status: 200 } });
    await expect(downloadBought(URL, 'alert')).resolves.toBe(true);
    expect(startDownload).toHaveBeenCalledWith(URL);
    expect(calls(`GET ${URL}`)).toHaveLength(0);
  });

  it("alerts with the server's message on the profile page (spec section 8) and only logs elsewhere", async () => {
    const refused = { status: 402, body: { message: 'Payment required', price: 5000 } };
    mockFetch({ [`HEAD ${URL}`]: { status: 402 }, [`GET ${URL}`]: refused });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(downloadBought(URL, 'alert')).resolves.toBe(false);
    expect(startDownload).not.toHaveBeenCalled();
    expect(toasts()[0]).toMatchObject({ variant: 'destructive', title: 'Download failed', description: 'Payment required' });

    await expect(downloadBought(URL, 'log')).resolves.toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
    expect(toasts()).toHaveLength(1);
  });

  it('downloads only addresses of this site', async () => {
    mockFetch({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(downloadBought('https://evil.example/file', 'log')).resolves.toBe(false);
    await expect(downloadBought('//evil.example/file', 'log')).resolves.toBe(false);
    expect(startDownload).not.toHaveBeenCalled();
  });
});
