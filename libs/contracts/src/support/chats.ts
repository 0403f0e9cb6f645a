import { z } from 'zod';
import { requiredText } from '../text';
import { slaClockSchema } from './sla';

/**
 * Live chat between a customer organization's members and the company's support staff (ADR 0236).
 * A chat belongs to the organization the starting member's token acts in; any member with
 * `tickets.use` reads and writes the organization's chats. A chat is `waiting` until a staffer accepts
 * it, then `active` (with that staffer), then `closed`; a chat no staffer could take (none online, or
 * none accepted it within `CHAT_WAIT_SECONDS`) is `converted`: it became a ticket whose first message
 * is the chat's transcript, and the ticket's SLA applies.
 */
export const chatStates = ['waiting', 'active', 'closed', 'converted'] as const;
export const chatStateSchema = z.enum(chatStates);
export type ChatState = z.infer<typeof chatStateSchema>;

/** Who wrote a chat message: a member, a staffer, or support itself (the conversion notice). */
export const chatAuthors = ['customer', 'staff', 'system'] as const;
export const chatAuthorSchema = z.enum(chatAuthors);
export type ChatAuthor = z.infer<typeof chatAuthorSchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How long a chat waits for a staffer before it becomes a ticket (the sweeper's default). */
export const CHAT_WAIT_SECONDS = 120;
/** A staffer counts as online this long after the console's last heartbeat. */
export const CHAT_PRESENCE_TTL_SECONDS = 45;
/** How often an open staff console says it is still there. */
export const CHAT_HEARTBEAT_SECONDS = 15;
/** Messages one user may send per minute, in every chat together; the next answers 429. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** A typing indicator is sent at most this often per chat and user, and shown this long after the last. */
export const CHAT_TYPING_INTERVAL_MS = 3000;
/** The chats the customer's history shows (newest first). */
export const CHAT_HISTORY_LIMIT = 20;

export const chatMessages = {
  messageRequired: 'Message is required',
  chatNotFound: 'Chat not found',
  chatEnded: 'This chat has ended. Start a new chat to write to us again.',
  chatConverted: 'This chat became a ticket. Please reply on the ticket.',
  notYourChat: 'Another staff member has taken this chat.',
  notAccepted: 'Accept the chat before answering it.',
  notWaiting: 'This chat is no longer waiting.',
} as const;

/** The 429 once a user has sent their share of messages; `wait` as "1 minute". */
export const tooManyChatMessagesMessage = (wait: string): string =>
  `You are sending messages too quickly. Please try again in ${wait}.`;

/** `POST /api/support/chats` (starts a chat with its first message) and `POST …/chats/{id}/messages`. */
export const chatMessageRequestSchema = z.strictObject({
  message: requiredText(chatMessages.messageRequired, CHAT_MESSAGE_MAX_LENGTH),
});
export type ChatMessageRequest = z.input<typeof chatMessageRequestSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  author: chatAuthorSchema,
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The ticket a converted chat became, with its first-response clock (shown with `slaLine`). */
export const chatTicketSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  firstResponse: slaClockSchema,
});
export type ChatTicket = z.infer<typeof chatTicketSchema>;

export const chatSummarySchema = z.object({
  id: z.uuid(),
  state: chatStateSchema,
  createdAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  lastMessageAt: z.iso.datetime(),
  /** The first message, as the history lists the chat. */
  preview: z.string(),
  ticketId: z.uuid().nullable(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** A chat with its whole conversation, oldest message first. */
export const chatDetailSchema = chatSummarySchema.extend({
  messages: z.array(chatMessageSchema),
  ticket: chatTicketSchema.nullable(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

/**
 * `GET /api/support/chats/availability`: whether a staffer is online now, and the first-response
 * target a chat that becomes a ticket gets (a medium ticket's), as the panel says it.
 */
export const chatAvailabilitySchema = z.object({
  staffOnline: z.boolean(),
  ticketFirstResponseMinutes: z.number().int().positive(),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

/** `GET /api/support/chats`: the organization's latest chats, newest first. */
export const chatListResponseSchema = z.object({ chats: z.array(chatSummarySchema) });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** A chat as staff see it: whose it is and who took it. */
export const staffChatSummarySchema = chatSummarySchema.extend({
  organizationId: z.uuid(),
  customerId: z.uuid(),
  staffId: z.uuid().nullable(),
});
export type StaffChatSummary = z.infer<typeof staffChatSummarySchema>;

export const staffChatDetailSchema = staffChatSummarySchema.extend({
  messages: z.array(chatMessageSchema),
  ticket: chatTicketSchema.nullable(),
});
export type StaffChatDetail = z.infer<typeof staffChatDetailSchema>;

/** `GET /api/support/staff/chats`: every waiting and active chat (oldest first), then today's ended ones. */
export const staffChatListResponseSchema = z.object({
  chats: z.array(staffChatSummarySchema),
  staffOnline: z.number().int().nonnegative(),
});
export type StaffChatListResponse = z.infer<typeof staffChatListResponseSchema>;

/** What the customer's panel says of the staff's presence. */
export const CHAT_OFFLINE_TEXT = 'No one from support is online right now.';
export const CHAT_ONLINE_TEXT = 'Support is online. We usually answer within a minute.';
