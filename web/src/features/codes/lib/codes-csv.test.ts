import { describe, expect, it } from 'vitest';
import type { CodeBatch } from '#common/schemas/codes';
import { codesCsv, codesFilename } from './codes-csv';

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

describe('codes CSV', () => {
  it('lists every code with its item, kind, and use, quoting what needs it', () => {
    expect(codesCsv(batch)).toBe(
      'code,item,kind,percent_off,expires_at,used_at,used_by\r\n' +
        'ABCD-EFGH-JKLM,"Launch, ""live""",discount,20,,2026-11-26T21:00:00.000Z,w***@example.com\r\n' +
        'NPQR-STUV-WXYZ,"Launch, ""live""",discount,20,,,\r\n',
    );
  });
  it('names the file after the item and the day', () => {
    expect(codesFilename(batch)).toBe('sauti-codes-launch-live-2026-11-26.csv');
  });
});
