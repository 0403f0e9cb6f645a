import { StripeApiError, docUrl } from './errors';

/** Stripe's presentment currencies for cards (https://docs.stripe.com/currencies), lowercase. */
export const stripeCurrencies: readonly string[] = (
  'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd ' +
  'cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd ' +
  'hkd hnl htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad ' +
  'mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln ' +
  'pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd tzs ' +
  'uah ugx uyu uzs vnd vuv wst xaf xcd xcg xof xpf yer zar zmw'
).split(' ');

/** Currencies without minor units: an amount of 500 jpy is ¥500 (docs: zero-decimal currencies). */
const zeroDecimal = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
/** Three-decimal currencies: 1 bhd is 1000. */
const threeDecimal = new Set('bhd jod kwd omr tnd'.split(' '));

/**
 * Stripe's minimum charge amounts in the currency's minor unit (docs: "Minimum and maximum charge
 * amounts"). Other currencies have the equivalent of 0.50 usd in the account's currency, which the
 * fake cannot convert: it asks them for one minor unit.
 */
const minimumAmounts: Record<string, number> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};
/** "The amount value supports up to eight digits" (e.g. 99999999 for $999,999.99). */
export const MAX_AMOUNT = 99_999_999;

const minorDigits = (currency: string) =>
  zeroDecimal.has(currency) ? 0 : threeDecimal.has(currency) ? 3 : 2;

/** `$0.50`, `€0.50`, `¥50`: an amount in minor units written as Stripe's messages write it. */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** Refuses a currency Stripe does not know, as Stripe does. */
export function checkCurrency(currency: string): string {
  const lower = currency.toLowerCase();
  if (!stripeCurrencies.includes(lower)) {
    throw new StripeApiError(
      400,
      {
        type: 'invalid_request_error',
        param: 'currency',
        message: `Invalid currency: ${lower}. Stripe currently supports these currencies: ${stripeCurrencies.join(', ')}`,
      },
      true,
    );
  }
  return lower;
}

/** `amount_too_small` under the currency's minimum, `amount_too_large` over eight digits. */
export function checkChargeAmount(amount: number, currency: string): void {
  const minimum = minimumAmounts[currency] ?? 1;
  if (amount < minimum) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_small',
      doc_url: docUrl('amount_too_small'),
      param: 'amount',
      message: `Amount must be at least ${formatAmount(minimum, currency)} ${currency}`,
    });
  }
  if (amount > MAX_AMOUNT) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      doc_url: docUrl('amount_too_large'),
      param: 'amount',
      message: `Amount must be no more than ${formatAmount(MAX_AMOUNT, currency)}`,
    });
  }
}
