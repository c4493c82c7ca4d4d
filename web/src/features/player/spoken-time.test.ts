import { describe, expect, it } from 'vitest';
import en from '../../../../common/src/i18n/en.json';
import sw from '../../../../common/src/i18n/sw.json';
import { compileCatalogue } from '#common/i18n/compile';
import { createTranslator } from '@/lib/i18n';
import { seekTarget, spokenPosition, spokenTime } from './spoken-time';

const english = createTranslator('en', compileCatalogue(en)).t;
const kiswahili = createTranslator('sw', compileCatalogue(sw)).t;

describe('the seek slider spoken (decision 057)', () => {
  it('says where the player is in English, with plurals', () => {
    expect(spokenPosition(english, 80, 180)).toBe('1 minute 20 seconds of 3 minutes');
    expect(spokenPosition(english, 0, 25)).toBe('0 seconds of 25 seconds');
    expect(spokenTime(english, 61.9)).toBe('1 minute 1 second');
    expect(spokenTime(english, 120)).toBe('2 minutes');
  });

  it('says it in everyday Kiswahili, the number after the noun', () => {
    expect(spokenPosition(kiswahili, 80, 180)).toBe('dakika 1 sekunde 20 kati ya dakika 3');
    expect(spokenPosition(kiswahili, 0, 25)).toBe('sekunde 0 kati ya sekunde 25');
    expect(spokenTime(kiswahili, 61)).toBe('dakika 1 sekunde 1');
  });

  it('moves 5 seconds by the arrows and to either end by Home and End, within the song', () => {
    expect(seekTarget('ArrowRight', 10, 25)).toBe(15);
    expect(seekTarget('ArrowUp', 23, 25)).toBe(25);
    expect(seekTarget('ArrowLeft', 3, 25)).toBe(0);
    expect(seekTarget('ArrowDown', 10, 25)).toBe(5);
    expect(seekTarget('Home', 10, 25)).toBe(0);
    expect(seekTarget('End', 10, 25)).toBe(25);
    expect(seekTarget('Tab', 10, 25)).toBeNull();
  });
});
