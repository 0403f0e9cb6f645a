import { z } from 'zod';
import { isStorableText, requiredText, unstorableTextMessage } from '../text';
import { emailSchema } from '../identity/auth';
import { moneySchema } from '../commerce/commerce';
import {
  commerceMessages,
  MAX_CART_LINES,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
} from '../commerce/commerce-messages';

/** Field messages of the contact form (the spec names the required fields, not the words). */
export const contactMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  messageRequired: 'Message is required',
} as const;

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const cartLeadMessages = {
  nameRequired: 'Each item needs a name',
  priceInvalid: 'Each item needs a monthly price such as 1499.00',
} as const;

/**
 * A cart sent to sales from a checkout that cannot take payments: the plans as the buyer saw them.
 * Stored as given, so bounded in shape; the total is worked out by the server, never sent.
 */
export const cartLeadSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        packageId: z.uuid({ error: commerceMessages.packageIdInvalid }),
        name: requiredText(cartLeadMessages.nameRequired, 100),
        price: z.string({ error: cartLeadMessages.priceInvalid }).pipe(moneySchema),
        quantity: z
          .number({ error: commerceMessages.quantityInvalid })
          .int(commerceMessages.quantityInvalid)
          .min(MIN_ITEM_QUANTITY, commerceMessages.quantityInvalid)
          .max(MAX_ITEM_QUANTITY, commerceMessages.quantityInvalid),
      }),
      { error: commerceMessages.emptyCart },
    )
    .min(1, commerceMessages.emptyCart)
    .max(MAX_CART_LINES, commerceMessages.tooManyLines)
    .refine(
      (items) => new Set(items.map((item) => item.packageId.toLowerCase())).size === items.length,
      commerceMessages.duplicatePackage,
    ),
});
export type CartLead = z.infer<typeof cartLeadSchema>;

/**
 * `POST /api/contact`. `website` is a honeypot: the form hides it from people, so
 * only bots fill it in; `cart` is the checkout's cart when payments are off; unknown fields are rejected.
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
  cart: cartLeadSchema.optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.uuid(), status: z.literal('new') });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** The 429s of `POST /api/contact`; `wait` as "7 minutes". */
export const tooManyContactMessages = {
  fromAddress: (wait: string) => `Too many messages from your network. Please try again in ${wait}.`,
  forEmail: (wait: string) => `Too many messages from this email address. Please try again in ${wait}.`,
} as const;

/** `POST /api/newsletter`: stores the address once; a repeat is not an error. */
export const newsletterRequestSchema = z.strictObject({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({
  /** True when this call added the address, false when it was already subscribed. */
  subscribed: z.boolean(),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
