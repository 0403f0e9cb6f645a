import { countOf, formatCount } from './count';
import { formatDate } from '@portal/ui/format-date';
import { centsOf, formatCents, formatMoney } from './money';

describe('money', () => {
  it('reads decimal strings as whole cents and adds them without float drift', () => {
    expect(centsOf('1499.00')).toBe(149900);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('0.10') + centsOf('0.20')).toBe(30);
    expect(formatCents(centsOf('0.10') + centsOf('0.20'))).toBe('$0.30');
  });

  it('shows US dollars to the cent', () => {
    expect(formatMoney('1499.00')).toBe('$1,499.00');
    expect(formatMoney('1499.99')).toBe('$1,499.99');
    expect(formatCents(450000)).toBe('$4,500.00');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('refuses what is not an amount with two decimals', () => {
    expect(() => centsOf('12.5')).toThrow(RangeError);
    expect(() => centsOf('-1.00')).toThrow(RangeError);
    expect(() => centsOf('abc')).toThrow(RangeError);
  });
});

describe('counts and dates', () => {
  it('groups thousands and agrees in number', () => {
    expect(formatCount(1204)).toBe('1,204');
    expect(countOf(1, 'lead')).toBe('1 lead');
    expect(countOf(0, 'lead')).toBe('0 leads');
    expect(countOf(1204, 'lead')).toBe('1,204 leads');
  });

  it('writes dates the US way', () => {
    expect(formatDate('2026-11-24T15:00:00.000Z')).toBe('Nov 24, 2026');
  });
});
