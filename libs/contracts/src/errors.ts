import { z } from 'zod';

/** The body of every error answered by the gateway and the services. */
export const errorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
