import { csvField, dailyMetricsCsv, toCsv } from './daily-csv';

describe('the KPI export CSV', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(42)).toBe('42');
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
  });

  it('ends every line in CRLF and writes the header first', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
    expect(dailyMetricsCsv([{ date: '2026-11-24', calls: 3, leads: 2, conversions: 1 }])).toBe(
      'Date,Calls,Leads,Conversions\r\n2026-11-24,3,2,1\r\n',
    );
  });
});
