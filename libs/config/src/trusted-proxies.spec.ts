import { z } from 'zod';
import { trustedProxiesVar } from './trusted-proxies';

describe('trustedProxiesVar', () => {
  const schema = z.object({ TRUSTED_PROXIES: trustedProxiesVar(['loopback']) });
  const parse = (value: string | undefined) => schema.safeParse({ TRUSTED_PROXIES: value });

  it('falls back when unset or empty', () => {
    expect(parse(undefined).data).toEqual({ TRUSTED_PROXIES: ['loopback'] });
    expect(parse(' , ').data).toEqual({ TRUSTED_PROXIES: ['loopback'] });
  });

  it('takes addresses, CIDR ranges and the named ranges, comma-separated', () => {
    expect(parse('10.0.0.7, 172.16.0.0/12,fd00::/8, ::1 ,uniquelocal').data).toEqual({
      TRUSTED_PROXIES: ['10.0.0.7', '172.16.0.0/12', 'fd00::/8', '::1', 'uniquelocal'],
    });
  });

  it('names what is not an address or a range', () => {
    const result = parse('10.0.0.7, lb.internal, 10.0.0.0/40, ::/129, 1.2.3.4/8/8, 10.0.0.0/ ');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated; not lb.internal, 10.0.0.0/40, ::/129, 1.2.3.4/8/8, 10.0.0.0/',
    ]);
  });
});
