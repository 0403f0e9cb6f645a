import { inboundSignatureHeader, isInboundSignatureValid } from './inbound-signature';

describe('inbound signatures', () => {
  const secret = 'pcs_test_secret';
  const body = Buffer.from('{"type":"lead.created","data":{"lead_id":"L-1"}}');
  const now = 1_767_225_600;
  const valid = (header: string | undefined, at = now, raw = body) =>
    isInboundSignatureValid(header, raw, secret, at);

  it('accepts the header a sender writes, within five minutes either way', () => {
    const header = inboundSignatureHeader(secret, body, now);
    expect(header).toMatch(/^t=1767225600,v1=[0-9a-f]{64}$/);
    expect(valid(header)).toBe(true);
    expect(valid(header, now + 300)).toBe(true);
    expect(valid(header, now - 300)).toBe(true);
    expect(valid(header.toUpperCase().replace('T=', 't=').replace('V1=', 'v1='))).toBe(true);
  });

  it('refuses a signature older or newer than five minutes', () => {
    const header = inboundSignatureHeader(secret, body, now);
    expect(valid(header, now + 301)).toBe(false);
    expect(valid(header, now - 301)).toBe(false);
  });

  it('refuses another body, another secret, or a timestamp changed after signing', () => {
    const header = inboundSignatureHeader(secret, body, now);
    expect(valid(header, now, Buffer.from(`${body.toString()} `))).toBe(false);
    expect(valid(inboundSignatureHeader('pcs_other', body, now))).toBe(false);
    expect(valid(header.replace(`t=${now}`, `t=${now + 1}`))).toBe(false);
  });

  it('accepts any one matching v1 among several (secret rotation)', () => {
    const good = inboundSignatureHeader(secret, body, now).split(',')[1];
    const other = inboundSignatureHeader('pcs_old', body, now).split(',')[1];
    expect(valid(`t=${now},${other},${good}`)).toBe(true);
    expect(valid(`t=${now}, ${good}, v0=abc`)).toBe(true);
    expect(valid(`t=${now},${other}`)).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    const good = inboundSignatureHeader(secret, body, now);
    const signature = good.split('v1=')[1];
    for (const header of [
      undefined,
      '',
      signature,
      `v1=${signature}`,
      `t=${now}`,
      `t=${now},v1=${signature.slice(2)}`,
      `t=${now},v1=${signature}zz`,
      `t=${now}.5,v1=${signature}`,
      `t=-${now},v1=${signature}`,
      `t=${now},t=${now},v1=${signature}`,
    ]) {
      expect(valid(header)).toBe(false);
    }
  });
});
