import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totpCode, totpStep } from './totp.mjs';

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890", 8-digit codes; ours are their last 6.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test('codes are the RFC 6238 test vectors (last 6 digits)', () => {
  assert.equal(totpCode(rfcSecret, totpStep(59_000)), '287082');
  assert.equal(totpCode(rfcSecret, totpStep(1_111_111_109_000)), '081804');
  assert.equal(totpCode(rfcSecret, totpStep(1_234_567_890_000)), '005924');
  assert.equal(totpCode(rfcSecret, totpStep(20_000_000_000_000)), '353130');
});

test('secrets are read without regard to case, spaces or padding', () => {
  assert.equal(totpCode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq', 1), totpCode(rfcSecret, 1));
  assert.throws(() => totpCode('GEZ1', 1), /no base32 character/);
});
