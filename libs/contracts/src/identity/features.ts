import { z } from 'zod';

/** Feature codes are kebab-case identifiers, e.g. `inbound-support`. */
export const featureCodeSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Feature code must be lower-case words joined by dashes');

export const featureSchema = z.object({
  id: z.uuid(),
  code: featureCodeSchema,
  name: z.string(),
  description: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;

/** `GET /api/identity/features`: the enabled features of the portal, ordered by code. */
export const featureListResponseSchema = z.object({
  features: z.array(featureSchema),
});
export type FeatureListResponse = z.infer<typeof featureListResponseSchema>;
