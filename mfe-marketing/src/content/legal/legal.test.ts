import { privacyPolicy } from './privacy-policy';
import { termsOfService } from './terms';

describe('legal documents', () => {
  it.each([
    ['at least 18 years old'],
    ['30-day money-back guarantee'],
    ['30 days notice'],
    ['next billing cycle'],
    ['major credit cards, wire transfers and ACH'],
    ['due on receipt'],
    ['lesser of 1.5% per month or the maximum rate permitted by law'],
    ['paid or owe us for the services in the 12 months'],
    ['laws of the State of New Jersey'],
    ['1000 requests per hour'],
    ['STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT'],
    ['HELP for help'],
    ['Millstone, New Jersey'],
    ['effective August 19, 2025'],
  ])('Terms of Service state "%s"', (text) => {
    expect(termsOfService).toContain(text);
  });

  it.each([
    ['not for children under 13'],
    ['STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT'],
    ['Reply HELP for help'],
    ['Millstone, New Jersey'],
    ['Philippines'],
    ['effective August 19, 2025'],
  ])('Privacy Policy states "%s"', (text) => {
    expect(privacyPolicy).toContain(text);
  });
});
