// Numbers as en-US writes them, without `Intl.NumberFormat`: the first number formatter a page makes
// loads ICU's number data, 150–250 ms of a phone's main thread (measured at 4× CPU: docs/adr/0237),
// which a price list or a dashboard would otherwise spend before it first renders. The output is
// `Intl.NumberFormat('en-US', …)`'s for every amount (format-number.test.ts compares them).

/** `value`'s digits rounded half away from zero to `places` decimals, as Intl rounds its decimal form. */
function roundedDigits(value: number, places: number): { whole: string; fraction: string } {
  // toPrecision(15) drops the float's noise: 1.005 × 100 is 100.49999999999999, but 100.5 to Intl.
  const scaled = Math.round(Number((Math.abs(value) * 10 ** places).toPrecision(15)));
  const digits = String(scaled).padStart(places + 1, '0');
  return { whole: digits.slice(0, digits.length - places), fraction: digits.slice(digits.length - places) };
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

const signOf = (value: number): string => (value < 0 || Object.is(value, -0) ? '-' : '');

/** US dollars: "$1,499.00", or without cents "$1,499" (rounded); negative amounts "-$12.50". */
export function formatUsd(amount: number, { cents = true }: { cents?: boolean } = {}): string {
  const { whole, fraction } = roundedDigits(amount, cents ? 2 : 0);
  return `${signOf(amount)}$${groupThousands(whole)}${fraction && `.${fraction}`}`;
}

/** A whole number with thousands separators, rounded: 1204 → "1,204". */
export function formatInteger(value: number): string {
  return `${signOf(value)}${groupThousands(roundedDigits(value, 0).whole)}`;
}
