const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO date-time as a US reader expects it, in their own time zone: "Nov 24, 2026". */
export const formatDate = (iso: string): string => mediumDate.format(new Date(iso));

const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time with its time of day, in the reader's time zone: "Nov 24, 2026, 3:30 PM". */
export const formatDateTime = (iso: string): string => mediumDateTime.format(new Date(iso));
