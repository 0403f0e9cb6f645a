import { formatPercent, formatPrice, formatUsd } from './format';

describe('formatUsd', () => {
  it('shows dollars with thousands separators and no cents for large sums', () => {
    expect(formatUsd(30000)).toBe('$30,000');
    expect(formatUsd(36_000_000)).toBe('$36,000,000');
    expect(formatUsd(1499.99)).toBe('$1,500');
  });

  it('shows whole small amounts without cents and others with cents', () => {
    expect(formatUsd(15)).toBe('$15');
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});

describe('formatPrice', () => {
  it('shows catalog prices without rounding them', () => {
    expect(formatPrice(1499)).toBe('$1,499');
    expect(formatPrice(1499.99)).toBe('$1,499.99');
    expect(formatPrice(12.5)).toBe('$12.50');
  });
});

describe('formatPercent', () => {
  it('rounds to a whole percent', () => {
    expect(formatPercent(150)).toBe('150%');
    expect(formatPercent(33.333)).toBe('33%');
  });
});
