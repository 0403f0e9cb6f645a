const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO date-time as a US reader expects it, in their own time zone: "Nov 24, 2026". */
export const formatDate = (iso: string): string => mediumDate.format(new Date(iso));
