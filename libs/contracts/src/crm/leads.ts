import { z } from 'zod';
import { isStorableText, requiredText, unstorableTextMessage } from '../text';
import { emailSchema } from '../identity/auth';

/** Field messages of the contact form (the spec names the required fields, not the words). */
export const contactMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  messageRequired: 'Message is required',
} as const;

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * `POST /api/contact`. `website` is a honeypot: the form hides it from people, so
 * only bots fill it in; unknown fields are rejected.
 */
export const contactRequestSchema = z.strictObject({
  firstName: requiredText(contactMessages.firstNameRequired, 100),
  lastName: requiredText(contactMessages.lastNameRequired, 100),
  email: emailSchema,
  company: z
    .string()
    .trim()
    .max(200, 'Company must be at most 200 characters')
    .refine(isStorableText, unstorableTextMessage)
    .optional()
    .transform((company) => company || undefined),
  message: requiredText(contactMessages.messageRequired, CONTACT_MESSAGE_MAX_LENGTH),
  website: z.string().optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.uuid(), status: z.literal('new') });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** `POST /api/newsletter`: stores the address once; a repeat is not an error. */
export const newsletterRequestSchema = z.strictObject({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({
  /** True when this call added the address, false when it was already subscribed. */
  subscribed: z.boolean(),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
