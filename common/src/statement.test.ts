import { describe, expect, it } from 'vitest';
import type { ArtistSale } from './schemas/sales';
import { STATEMENT_COLUMNS, csvCell, csvRow, kesAmount, statementFilename, statementRow } from './statement';

const sale: ArtistSale = {
  reference: 'sauti-1',
  soldAt: '2026-11-26T09:15:00.123456Z',
  item: { type: 'track', id: 't1', name: 'Kesho' },
  buyerEmail: 'fan@example.com',
  channel: 'mobile_money',
  price: 150_050,
  fee: 12_300,
  platformShare: 15_005,
  artistShare: 135_045,
  status: 'paid',
  refundedShare: 0,
};

describe('the CSV statement', () => {
  it('neutralises cells a spreadsheet would run as a formula or command', () => {
    for (const hostile of ['=HYPERLINK("http://evil.example","x")', '+254712345678', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      const cell = csvCell(hostile);
      expect(cell.replace(/^"/, '').startsWith("'"), hostile).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@me')).toBe("'@me");
    // A formula start later in the text is harmless.
    expect(csvCell('Kesho = Tomorrow')).toBe('Kesho = Tomorrow');
    expect(csvCell('a-b@c.com')).toBe('a-b@c.com');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Nairobi, Kenya')).toBe('"Nairobi, Kenya"');
    expect(csvCell('The "Best" Song')).toBe('"The ""Best"" Song"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=cmd|"/c calc"!A1,')).toBe(`"'=cmd|""/c calc""!A1,"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('writes amounts in KES with two decimals and no grouping', () => {
    expect(kesAmount(0)).toBe('0.00');
    expect(kesAmount(5)).toBe('0.05');
    expect(kesAmount(45_000)).toBe('450.00');
    expect(kesAmount(100_000_050)).toBe('1000000.50');
    expect(kesAmount(-5)).toBe('-0.05');
    expect(() => kesAmount(1.5)).toThrow(RangeError);
  });

  it('writes one sale per line under the header, with the UTC date and the channel by name', () => {
    expect(STATEMENT_COLUMNS).toHaveLength(statementRow(sale).split(',').length);
    expect(statementRow(sale)).toBe('2026-11-26T09:15:00.123456Z,sauti-1,track,Kesho,fan@example.com,M-Pesa,1500.50,123.00,150.05,1350.45,paid,0.00\r\n');
    const hostile = statementRow({ ...sale, item: { ...sale.item, name: '=IMPORTXML(A1, "//x")' }, buyerEmail: '+1@x.com', channel: 'card' });
    expect(hostile).toBe(`2026-11-26T09:15:00.123456Z,sauti-1,track,"'=IMPORTXML(A1, ""//x"")",'+1@x.com,Card,1500.50,123.00,150.05,1350.45,paid,0.00\r\n`);
  });

  it('names the file by the UTC day', () => {
    expect(statementFilename(new Date('2026-11-26T23:59:59.999Z'))).toBe('sauti-sales-2026-11-26.csv');
    expect(statementFilename(new Date('2026-11-27T00:00:00Z'))).toBe('sauti-sales-2026-11-27.csv');
  });
});
