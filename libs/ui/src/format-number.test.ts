import { formatInteger, formatUsd } from './format-number';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Amounts of every size the portal shows, with the halves and float noise rounding gets wrong. */
function sampleAmounts(): number[] {
  const edges = [0, -0, 0.004, 0.005, 0.015, 1.005, 2.675, 12.5, 999.995, 1499.99, 1499.995, 2.5, -2.5];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const drawn = Array.from({ length: 5000 }, (_, index) => {
    const magnitude = 10 ** Math.floor(random() * 10 - 2);
    const value = Math.round(random() * magnitude * 1000) / 1000;
    return index % 7 === 0 ? -value : value;
  });
  const cents = Array.from({ length: 2000 }, (_, index) => (index * 7919) / 100);
  return [...edges, ...drawn, ...cents, 99_999_999 / 100, 36_000_000];
}

describe('formatUsd', () => {
  it('writes dollars and cents as Intl does in en-US', () => {
    expect(formatUsd(1499)).toBe('$1,499.00');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(-12.5)).toBe('-$12.50');
    for (const amount of sampleAmounts())
      expect([amount, formatUsd(amount)]).toEqual([amount, usd.format(amount)]);
  });

  it('writes whole dollars, rounded, as Intl does in en-US', () => {
    expect(formatUsd(30000, { cents: false })).toBe('$30,000');
    expect(formatUsd(1499.5, { cents: false })).toBe('$1,500');
    for (const amount of sampleAmounts()) {
      expect([amount, formatUsd(amount, { cents: false })]).toEqual([amount, wholeUsd.format(amount)]);
    }
  });
});

describe('formatInteger', () => {
  it('groups thousands and rounds as Intl does in en-US', () => {
    expect(formatInteger(1204)).toBe('1,204');
    expect(formatInteger(7)).toBe('7');
    for (const value of sampleAmounts())
      expect([value, formatInteger(value)]).toEqual([value, integer.format(value)]);
  });
});
