import { testDatabaseServerUrl } from '@portal/testing';
import { Client, types } from 'pg';
import { keysetTimeText } from './keyset-cursor';
import { isoTime, keysetTime } from './timestamptz-text';

const parseAsDate = types.getTypeParser(1184) as (text: string) => Date;

describe('isoTime and keysetTime read the text PostgreSQL writes', () => {
  const client = new Client({ connectionString: testDatabaseServerUrl() });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const times = [
    '2026-11-26 09:15:42.123456+00',
    '2026-11-26 09:15:42.5+00',
    '2026-11-26 09:15:42+00',
    '2026-03-01 04:59:59.999999+00',
    '2024-02-29 23:30:00.000001+00',
    '1900-01-01 00:00:00+00',
  ];

  // Etc/UTC is the fast path; the others write offsets of hours, half hours and (before 1909 in
  // Amsterdam) seconds, and cross a date line.
  it.each(['Etc/UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/Amsterdam'])(
    'in a session of %s, as Date#toISOString and keysetTimeText write them',
    async (zone) => {
      await client.query(`SET TimeZone = '${zone}'`);
      for (const time of times) {
        const { rows } = await client.query({
          text: `SELECT $1::timestamptz::text AS written, ${keysetTimeText('$1::timestamptz')} AS keyset`,
          values: [time],
        });
        const { written, keyset } = rows[0] as { written: string; keyset: string };
        expect(isoTime(written)).toBe(parseAsDate(written).toISOString());
        expect(keysetTime(written)).toBe(keyset);
      }
    },
  );

  it('refuses text that is not a timestamptz', () => {
    for (const text of ['', 'infinity', '2026-11-26T09:15:42Z', '2026-11-26 09:15:42.1234567+00']) {
      expect(() => isoTime(text)).toThrow(/Not a timestamptz/);
    }
  });
});
