/** A call's time, as the company (Millstone, New Jersey) and the reader's calendar app both read it. */
export function callTimeOf(startsAt: string, endsAt: string): string {
  const zone = 'America/New_York';
  const day = new Date(startsAt).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  });
  const time = (iso: string, withZone: boolean) =>
    new Date(iso).toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
      ...(withZone && { timeZoneName: 'short' }),
    });
  return `${day}, ${time(startsAt, false)} – ${time(endsAt, true)}`;
}
