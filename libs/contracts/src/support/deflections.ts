import { z } from 'zod';
import { optionalText } from '../text';

/**
 * Deflections (ADR 0187): a member writing a new ticket opened a suggested help-center article and
 * pressed 'This solved it', so no ticket was opened.
 *
 * `POST /api/support/deflections` (any member, `tickets.use`): `{ articleId, query? }` where
 * `articleId` is a help-center article's id (`@portal/help-center`; 404 for one it does not know) and
 * `query` what they had typed as the ticket's title.
 * 201 `{ counted: true }`. Counted per organization, at most once per member and article a day
 * (pressing twice is one deflection). Unknown fields are rejected.
 *
 * `GET /api/support/staff/deflections` (`@StaffOnly()`): the figure staff see.
 */
export const DEFLECTION_ARTICLE_ID_MAX_LENGTH = 120;

export const deflectionMessages = {
  articleIdInvalid: 'articleId must be a help-center article id (lowercase letters, digits and dashes)',
  articleNotFound: 'Help-center article not found',
} as const;

export const deflectionRequestSchema = z.strictObject({
  articleId: z
    .string({ error: deflectionMessages.articleIdInvalid })
    .regex(
      new RegExp(`^[a-z0-9][a-z0-9-]{0,${DEFLECTION_ARTICLE_ID_MAX_LENGTH - 1}}$`),
      deflectionMessages.articleIdInvalid,
    ),
  query: optionalText(200, 'Query must be at most 200 characters'),
});
export type DeflectionRequest = z.input<typeof deflectionRequestSchema>;
export const deflectionResponseSchema = z.object({ counted: z.literal(true) });

/** The staff figure: deflections in all, in the last 30 days, and per article (most first). */
export const deflectionStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  last30Days: z.number().int().nonnegative(),
  byArticle: z.array(z.object({ articleId: z.string(), count: z.number().int().positive() })),
});
export type DeflectionStats = z.infer<typeof deflectionStatsSchema>;
