/** Browsers by their user agent token, the most specific first (Edge and Opera also say Chrome and Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

/** Systems, the most specific first (iPhones say "like Mac OS X", Android says Linux). */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const UNKNOWN_BROWSER = 'Unknown browser';

const firstMatch = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * A session's device as a person names it, from the user agent it signed in with: 'Chrome on macOS',
 * 'Safari on iOS', 'Firefox' (no known system), 'Unknown browser' (none, or one not recognised).
 */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = firstMatch(userAgent, BROWSERS);
  if (!browser) return UNKNOWN_BROWSER;
  const system = firstMatch(userAgent, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}
