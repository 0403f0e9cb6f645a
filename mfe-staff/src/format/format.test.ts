import { centsOf, formatMoney, humanize, parseAmount } from './format';

describe('money and words of the console', () => {
  it.each([
    ['25', '25.00'],
    ['25.5', '25.50'],
    ['$1,025.50', '1025.50'],
    [' 0.99 ', '0.99'],
  ])('reads %j as %s', (typed, amount) => {
    expect(parseAmount(typed)).toBe(amount);
  });

  it.each(['', 'abc', '1.234', '-5', '12e3', '123456789.00'])('refuses %j', (typed) => {
    expect(parseAmount(typed)).toBeNull();
  });

  it('adds in cents and shows dollars', () => {
    expect(centsOf('1499.00') + centsOf('0.10')).toBe(149910);
    expect(formatMoney('1499.00')).toBe('$1,499.00');
    expect(() => centsOf('12')).toThrow('Not an amount such as 1499.00: 12');
  });

  it('says values as words', () => {
    expect(humanize('in_progress')).toBe('In progress');
    expect(humanize('requested_by_customer')).toBe('Requested by customer');
  });
});
