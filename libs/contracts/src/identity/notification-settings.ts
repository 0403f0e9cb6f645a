import { z } from 'zod';

/**
 * `GET /api/account/notifications` and `PUT /api/account/notifications` (the whole setting, answered
 * back): whether the signed-in account receives ticket emails — for a customer a staff reply and a
 * status change of their organization's tickets they opened, for staff a new ticket and a breach
 * warning. On by default. Unknown fields are rejected.
 */
export const notificationSettingsSchema = z.strictObject({
  ticketEmails: z.boolean({ error: 'ticketEmails must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
