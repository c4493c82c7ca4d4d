import { describe, expect, it } from 'vitest';
import type { CodeBatch } from '#common/schemas/codes';
import appEn from '../../../../../common/src/i18n/app.en.json';
import appSw from '../../../../../common/src/i18n/app.sw.json';
import { codesCsv, codesFilename, type CodesCsvColumn } from './codes-csv';

const batch: CodeBatch = {
  id: 'b1',
  itemType: 'track',
  itemId: 't1',
  itemName: 'Launch, "live"',
  kind: 'discount',
  percentOff: 20,
  expiresAt: null,
  createdAt: '2026-11-26T20:00:00.000Z',
  count: 2,
  used: 1,
  codes: [
    { code: 'ABCD-EFGH-JKLM', usedAt: '2026-11-26T21:00:00.000Z', usedBy: 'w***@example.com' },
    { code: 'NPQR-STUV-WXYZ', usedAt: null, usedBy: null },
  ],
};

const en = (column: CodesCsvColumn) => appEn[`codes.csv.${column}`];
const sw = (column: CodesCsvColumn) => appSw[`codes.csv.${column}`];

describe('codes CSV', () => {
  it('lists every code with its item, kind, and use, quoting what needs it', () => {
    expect(codesCsv(batch, en)).toBe(
      '\uFEFFCode,Item,Kind,Percent off,Expires (UTC),Used (UTC),Used by\r\n' +
        'ABCD-EFGH-JKLM,"Launch, ""live""",discount,20,,2026-11-26T21:00:00.000Z,w***@example.com\r\n' +
        'NPQR-STUV-WXYZ,"Launch, ""live""",discount,20,,,\r\n',
    );
  });

  it("starts with UTF-8's byte order mark, and a CSV reader that honours it reads the headings in the artist's language (issue 33)", () => {
    const bytes = new TextEncoder().encode(codesCsv({ ...batch, itemName: 'Café' }, sw));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = new TextDecoder('utf-8').decode(bytes).split('\r\n');
    expect(header!.split(',')).toEqual(['Vocha', 'Wimbo au albamu', 'Aina', 'Asilimia ya punguzo', 'Mwisho (UTC)', 'Imetumika (UTC)', 'Imetumiwa na']);
    expect(first!.split(',')[1]).toBe('Café');
  });

  it('keeps a cell that a spreadsheet would take for a formula as text', () => {
    const hostile = { ...batch, itemName: '=HYPERLINK("x")', codes: [{ code: 'ABCD-EFGH-JKLM', usedAt: null, usedBy: '+***@example.com' }] };
    expect(codesCsv(hostile, en).split('\r\n')[1]).toBe(`ABCD-EFGH-JKLM,"'=HYPERLINK(""x"")",discount,20,,,'+***@example.com`);
  });
  it('names the file after the item and the day', () => {
    expect(codesFilename(batch)).toBe('sauti-codes-launch-live-2026-11-26.csv');
  });
});
