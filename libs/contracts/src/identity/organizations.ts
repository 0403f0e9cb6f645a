import { z } from 'zod';

export const DEFAULT_PLAN_ID = 'scale';
export const DEFAULT_TIMEZONE = 'America/New_York';

export const organizationNameSchema = z
  .string({ error: 'Organization name is required' })
  .trim()
  .min(1, 'Organization name is required')
  .max(200, 'Organization name must be at most 200 characters');

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  planId: z.string(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof organizationSchema>;
