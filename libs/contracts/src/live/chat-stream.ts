import { z } from 'zod';
import { chatMessageSchema, chatStateSchema } from '../support/chats';

/**
 * Live chat (ADR 0236): two server-sent-event streams of the gateway's own, in the manner of the
 * ticket streams (`ticket-stream.ts`): `retry: 3000` and `event: ready` first, then one `event: chat`
 * per signal below, `: ping` every 15 s; 401 without a token, 403 for the wrong kind of user, 429
 * beyond the per-user share of open streams. Unlike a ticket event, a chat event carries the message
 * itself: a chat is read as it is written, and what a member may read of a chat is all of it.
 *
 * support sends the signals on core NATS (not JetStream: nothing keeps them, a page reads the chat
 * again when its stream (re)opens) under `CHAT_SIGNAL_SUBJECT`, each a `chatSignalSchema`; the
 * gateway hands `customer` to the open streams of `organizationId`'s members (every customer stream
 * when it is null: the staff's presence) and `staff` to every staff stream.
 */

/** Customer stream (any member, `tickets.use`): the organization's chats and the staff's presence. */
export const CUSTOMER_CHAT_STREAM_PATH = '/api/support/chats/stream';
/** Staff stream (`@StaffOnly()`): every chat's activity, for the Chats page. */
export const STAFF_CHAT_STREAM_PATH = '/api/support/staff/chats/stream';
/** The `event:` name of a signal on either stream. */
export const CHAT_STREAM_EVENT = 'chat';
/** The core NATS subject support sends chat signals on (outside the `PORTAL` stream's `portal.>`). */
export const CHAT_SIGNAL_SUBJECT = 'live.chat.signals';

/** A message was added to a chat (either side's, or support's conversion notice). */
const messageEvent = z.object({ kind: z.literal('message'), chatId: z.uuid(), message: chatMessageSchema });
/** The other side is typing (ephemeral: never stored). */
const typingEvent = z.object({
  kind: z.literal('typing'),
  chatId: z.uuid(),
  side: z.enum(['customer', 'staff']),
});
/** A chat started, was accepted, closed or became a ticket. */
const stateEvent = z.object({
  kind: z.literal('state'),
  chatId: z.uuid(),
  state: chatStateSchema,
  ticketId: z.uuid().nullable(),
  at: z.iso.datetime(),
});
/** Whether any staffer is online changed (customer stream only). */
const presenceEvent = z.object({ kind: z.literal('presence'), staffOnline: z.boolean() });

export const customerChatEventSchema = z.discriminatedUnion('kind', [
  messageEvent,
  typingEvent,
  stateEvent,
  presenceEvent,
]);
export type CustomerChatEvent = z.infer<typeof customerChatEventSchema>;

/** The staff stream's events name the chat's organization (a new chat's context). */
export const staffChatEventSchema = z.discriminatedUnion('kind', [
  messageEvent.extend({ organizationId: z.uuid() }),
  typingEvent.extend({ organizationId: z.uuid() }),
  stateEvent.extend({ organizationId: z.uuid() }),
]);
export type StaffChatEvent = z.infer<typeof staffChatEventSchema>;

/** What support publishes on `CHAT_SIGNAL_SUBJECT`. */
export const chatSignalSchema = z.object({
  /** Whose members' streams get `customer`; null: every customer stream (presence). */
  organizationId: z.uuid().nullable(),
  customer: customerChatEventSchema.nullable(),
  staff: staffChatEventSchema.nullable(),
});
export type ChatSignal = z.infer<typeof chatSignalSchema>;
