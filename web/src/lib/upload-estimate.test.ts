import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '#common/i18n/compile';
import appEn from '../../../common/src/i18n/app.en.json';
import appSw from '../../../common/src/i18n/app.sw.json';
import { createTranslator } from './i18n';
import { formatTimeLeft, nextRate, secondsLeft, startRate } from './upload-estimate';

describe('the time left of an upload', () => {
  it('counts every byte of the body (audio and cover), from a steady rate', () => {
    // 5 MB of audio and a 700 KB cover at 100 KB/s.
    const total = 5 * 1024 * 1024 + 700 * 1024;
    let rate = startRate(0);
    for (let ms = 500; ms <= 4000; ms += 500) rate = nextRate(rate, (ms / 1000) * 100 * 1024, ms);
    const loaded = 400 * 1024;
    expect(rate.bytesPerSecond).toBeCloseTo(100 * 1024, 0);
    expect(secondsLeft(rate, loaded, total, 4000)).toBeCloseTo((total - loaded) / (100 * 1024), 3);
  });

  it('says nothing for the first two seconds, nor without a rate', () => {
    let rate = startRate(1000);
    rate = nextRate(rate, 50_000, 2000);
    expect(secondsLeft(rate, 50_000, 1_000_000, 2500)).toBeNull();
    expect(secondsLeft(startRate(0), 0, 1_000_000, 10_000)).toBeNull();
  });

  it('merges events that come too close together, and smooths a sudden stall', () => {
    let rate = startRate(0);
    rate = nextRate(rate, 100_000, 1000);
    expect(nextRate(rate, 100_500, 1010)).toBe(rate);
    const steady = rate.bytesPerSecond!;
    // One second with nothing sent slows the estimate, but does not drop the rate to zero.
    rate = nextRate(rate, 100_000, 2000);
    expect(rate.bytesPerSecond).toBeGreaterThan(steady * 0.7);
    expect(rate.bytesPerSecond).toBeLessThan(steady);
  });

  it('is said in round figures', () => {
    const { t } = createTranslator('en', compileCatalogue(appEn));
    expect(formatTimeLeft(t, 4)).toBe('a few seconds left');
    expect(formatTimeLeft(t, 23)).toBe('about 30 seconds left');
    expect(formatTimeLeft(t, 55)).toBe('about 1 min left');
    expect(formatTimeLeft(t, 150)).toBe('about 3 min left');
    expect(formatTimeLeft(t, 3600)).toBe('about 1 h left');
    expect(formatTimeLeft(t, 5000)).toBe('about 1 h 23 min left');
  });
});

describe('the time left in Kiswahili', () => {
  it('says hours and minutes as the phone does', () => {
    const { t } = createTranslator('sw', compileCatalogue(appSw));
    expect(formatTimeLeft(t, 4)).toBe('zimebaki sekunde chache');
    expect(formatTimeLeft(t, 5000)).toBe('zimebaki kama saa 1 dakika 23');
  });
});
