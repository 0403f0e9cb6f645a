import type { StaffTicketMessage, TicketMessage } from '@portal/contracts';
import type { ThreadMessage } from './conversations.service';

/** A message as members read it (`ticketMessageSchema`): staff are "Support", never named by id; never a note. */
export function toCustomerMessageView(message: ThreadMessage): TicketMessage {
  return {
    id: message.id,
    author: message.author,
    authorId: message.author === 'customer' ? message.authorId : null,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
    attachments: message.attachments,
  };
}

/** A message as staff read it (`staffTicketMessageSchema`): who wrote it, and whether it is an internal note. */
export function toStaffMessageView(message: ThreadMessage): StaffTicketMessage {
  return { ...toCustomerMessageView(message), authorId: message.authorId, internal: message.internal };
}
