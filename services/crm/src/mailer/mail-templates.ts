import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  INVITATION_TTL_DAYS,
  type MailContent,
  type MailTemplate,
  PASSWORD_RESET_TTL_MINUTES,
  STATUS_CONFIRM_TTL_HOURS,
  TICKET_REOPEN_DAYS,
  type TicketPriority,
  type TicketStatus,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@portal/contracts';
import { callTimeOf } from '../booking/call-time';
import { calendarInvite } from './calendar-invite';

/**
 * The brand as libs/ui has it (`brand.ts`, `theme.ts`; ADR 0014): crm is a server project and may not
 * import the web library, so the values are repeated here and a spec checks they still agree.
 */
export const mailBrand = {
  name: 'Millstone CX',
  ink: '#0A1020',
  surface: '#111A2E',
  accent: '#FF6A3D',
  text: '#E8ECF4',
  textMuted: '#A9B4C8',
} as const;

/** A rendered mail: its subject, a plain-text part that reads well on its own and an HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a calendar invitation). */
  attachments?: MailAttachment[];
  /** A subscription's unsubscribe link, also sent as the `List-Unsubscribe` header. */
  unsubscribe?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** What one mail says: its paragraphs, the one action (a button and a plain link) and why it was sent. */
interface MailCopy {
  subject: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** The transactional footer: why this address got the mail (no unsubscribe: it is no newsletter). */
  why: string;
  /** A mail someone subscribed to (the status page's): the link that ends the subscription, in the footer. */
  unsubscribe?: string;
}

const ignoreIfNotYou = "If that wasn't you, you can ignore this email.";
const contactUsIfNotYou = `If that wasn't you, reset your password at once and contact ${mailBrand.name} support.`;
const accountNotice = `You received this email because it is about the security of your ${mailBrand.name} account.`;

/** A value (a name in a greeting or a subject) as one line: control characters and line breaks become spaces, then trimmed. */
const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/** The day a link stops working, as a reader in any time zone reads it: "December 3, 2026 (UTC)". */
const dayOf = (iso: string) =>
  `${new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })} (UTC)`;

const membershipNotice = (organizationName: string) =>
  `You received this email because it is about your membership of ${organizationName} on ${mailBrand.name}.`;

/** A ticket's status and priority as the pages write them. */
const statusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
const priorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** When something is due, to the minute, as a reader in any time zone reads it: "March 2, 2026 at 2:15 PM (UTC)". */
const dueTimeOf = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })} (UTC)`;

const customerTicketNotice = `You received this email because you opened this ticket with ${mailBrand.name} support. You can turn ticket emails off in Settings in your dashboard.`;
const staffTicketNotice = `You received this email because your account is on the ${mailBrand.name} support staff. You can turn ticket emails off for your account in its notification settings.`;

type CallBooking = Extract<MailContent, { template: 'call-booking' }>;

const CALL_TITLE = `Discovery call with ${mailBrand.name}`;

/** The call's details for staff: who booked it and what they said. */
const visitorDetails = (content: CallBooking) =>
  [
    `Who: ${oneLine(content.attendee.name)} <${content.attendee.email}>`,
    content.company ? `Company: ${oneLine(content.company)}` : '',
    content.phone ? `Phone: ${oneLine(content.phone)}` : '',
    content.note ? `Note: ${content.note}` : '',
  ].filter(Boolean);

function callBookingCopy(content: CallBooking): MailCopy {
  const when = callTimeOf(content.startsAt, content.endsAt);
  const who = oneLine(content.attendee.name);
  const before = content.previousStartsAt
    ? callTimeOf(content.previousStartsAt, content.previousStartsAt)
    : '';
  const visitorWhy = `You received this email because this address was used to book a call with ${mailBrand.name} on our website. If that wasn't you, cancel the call with the link above.`;
  const staffWhy = `You received this email because this address is the ${mailBrand.name} inbox for calls booked on the website.`;
  if (content.audience === 'visitor') {
    const { subject, paragraphs } = {
      booked: {
        subject: `Your call with ${mailBrand.name} is booked: ${when}`,
        paragraphs: [
          `Your discovery call with ${mailBrand.name} is booked for ${when}.`,
          'The calendar invitation is attached: open it to add the call to your calendar. A solutions specialist will call you at that time.',
          'Need another time? Cancel or reschedule with the link below.',
        ],
      },
      rescheduled: {
        subject: `Your call with ${mailBrand.name} was moved to ${when}`,
        paragraphs: [
          `Your discovery call with ${mailBrand.name} is now on ${when}${before ? ` (it was on ${before.split(' – ')[0]})` : ''}.`,
          'The updated calendar invitation is attached: open it to move the call in your calendar.',
          'You can still cancel or reschedule with the link below.',
        ],
      },
      cancelled: {
        subject: `Your call with ${mailBrand.name} on ${when} is cancelled`,
        paragraphs: [
          `Your discovery call with ${mailBrand.name} on ${when} is cancelled.`,
          'The attached cancellation removes it from your calendar. You are welcome to book another time on our website whenever it suits you.',
        ],
      },
    }[content.change];
    return {
      subject,
      paragraphs,
      ...(content.change !== 'cancelled' && {
        action: { label: 'Cancel or reschedule', link: content.link },
      }),
      why: visitorWhy,
    };
  }
  const { subject, paragraph } = {
    booked: {
      subject: `New call booked: ${who}, ${when}`,
      paragraph: `${who} booked a discovery call for ${when}.`,
    },
    rescheduled: {
      subject: `Call moved: ${who}, now ${when}`,
      paragraph: `${who} moved their discovery call to ${when}${before ? ` (it was on ${before.split(' – ')[0]})` : ''}.`,
    },
    cancelled: {
      subject: `Call cancelled: ${who}, ${when}`,
      paragraph: `${who} cancelled their discovery call on ${when}.`,
    },
  }[content.change];
  return {
    subject: `${subject} (${mailBrand.name})`,
    paragraphs: [
      paragraph,
      ...visitorDetails(content),
      'The calendar invitation is attached. Upcoming calls are listed on the Availability page of the staff console.',
    ],
    ...(content.change !== 'cancelled' && { action: { label: 'Manage the booking', link: content.link } }),
    why: staffWhy,
  };
}

/** The call's invitation: a request (booked, moved) or a cancellation, under the booking's one UID. */
function callBookingInvite(content: CallBooking): MailAttachment {
  const method = content.change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const description = [
    `${CALL_TITLE}.`,
    ...visitorDetails(content),
    `Cancel or reschedule: ${content.link}`,
  ].join('\n');
  return {
    filename: content.change === 'cancelled' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarInvite({
      method,
      uid: content.uid,
      sequence: content.sequence,
      startsAt: content.startsAt,
      endsAt: content.endsAt,
      stampedAt: content.stampedAt,
      summary: CALL_TITLE,
      description,
      organizer: content.organizer,
      attendee: content.attendee,
      url: content.link,
    }),
  };
}

type CopyOf<T extends MailTemplate> = (content: Extract<MailContent, { template: T }>) => MailCopy;

const copies: { [T in MailTemplate]: CopyOf<T> } = {
  'email-verification': ({ link }) => ({
    subject: `Confirm your email address for ${mailBrand.name}`,
    paragraphs: [
      `Welcome to ${mailBrand.name}. Please confirm that this is your email address.`,
      `The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
    ],
    action: { label: 'Confirm email address', link },
    why: `You received this email because this address was used to sign up for a ${mailBrand.name} account. ${ignoreIfNotYou}`,
  }),
  'password-reset': ({ link }) => ({
    subject: `Reset your ${mailBrand.name} password`,
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new one with the link below.',
      `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Resetting your password signs you out everywhere else.`,
    ],
    action: { label: 'Reset password', link },
    why: `You received this email because someone asked to reset the password of the ${mailBrand.name} account with this address. ${ignoreIfNotYou} Your password stays unchanged.`,
  }),
  'email-change-confirmation': ({ link, newEmail }) => ({
    subject: `Confirm your new email address for ${mailBrand.name}`,
    paragraphs: [
      `Please confirm that ${newEmail} is the new email address of your ${mailBrand.name} account.`,
      `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until you confirm, you keep signing in with your current address.`,
    ],
    action: { label: 'Confirm new email address', link },
    why: `You received this email because this address was entered as the new email address of a ${mailBrand.name} account. ${ignoreIfNotYou}`,
  }),
  'email-change-notice': ({ newEmail }) => ({
    subject: `Your ${mailBrand.name} email address is being changed`,
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${newEmail}.`,
      'The change takes effect once it is confirmed from the new address; then you sign in with the new address.',
    ],
    why: `${accountNotice} ${contactUsIfNotYou}`,
  }),
  'password-changed': () => ({
    subject: `Your ${mailBrand.name} password was changed`,
    paragraphs: ['The password of your account was just changed, and your other sessions were signed out.'],
    why: `${accountNotice} ${contactUsIfNotYou}`,
  }),
  'two-factor-enabled': () => ({
    subject: `Two-factor sign-in is on for your ${mailBrand.name} account`,
    paragraphs: [
      'Two-factor sign-in was turned on: signing in now also asks for a code from your authenticator app.',
      'Keep your recovery codes somewhere safe; each works once if you lose your phone.',
    ],
    why: `${accountNotice} ${contactUsIfNotYou}`,
  }),
  'two-factor-disabled': () => ({
    subject: `Two-factor sign-in is off for your ${mailBrand.name} account`,
    paragraphs: ['Two-factor sign-in was turned off: signing in now asks for your password only.'],
    why: `${accountNotice} ${contactUsIfNotYou}`,
  }),
  'account-deleted': () => ({
    subject: `Your ${mailBrand.name} account was deleted`,
    paragraphs: [
      'Your account was deleted as you asked, and your personal data is being erased from our systems.',
      'Orders are kept as the law requires for accounting, without your name or contact details.',
      'You can sign up again with this address at any time.',
    ],
    why: `You received this email because the ${mailBrand.name} account with this address was deleted. This is the last email we send about it.`,
  }),
  'team-invitation': ({ organizationName, invitedBy, role, link, expiresAt }) => {
    const organization = oneLine(organizationName);
    const inviter = oneLine(invitedBy) || 'A member';
    return {
      subject: `${inviter} invited you to join ${organization} on ${mailBrand.name}`,
      paragraphs: [
        `${inviter} invited you to join ${organization} on ${mailBrand.name} with the role ${oneLine(role)}.`,
        'Accept with the link below: sign in if you already have an account with this email address, or create one.',
        `The link works once and expires in ${INVITATION_TTL_DAYS} days, on ${dayOf(expiresAt)}.`,
      ],
      action: { label: 'Accept invitation', link },
      why: `You received this email because ${inviter} invited this address to ${organization} on ${mailBrand.name}. If you did not expect it, you can ignore this email: nothing happens unless you accept.`,
    };
  },
  'team-role-changed': ({ organizationName, role }) => {
    const organization = oneLine(organizationName);
    return {
      subject: `Your role in ${organization} on ${mailBrand.name} changed`,
      paragraphs: [
        `Your role in ${organization} is now ${oneLine(role)}.`,
        'What you can see and do in its dashboard follows the new role from your next visit.',
      ],
      why: `${membershipNotice(organization)} If you think this is a mistake, ask an owner or admin of ${organization}.`,
    };
  },
  'team-removed': ({ organizationName }) => {
    const organization = oneLine(organizationName);
    return {
      subject: `You were removed from ${organization} on ${mailBrand.name}`,
      paragraphs: [
        `You are no longer a member of ${organization}: its dashboard and data are no longer open to your account.`,
        'Your account itself stays, with any other organizations you belong to.',
      ],
      why: `${membershipNotice(organization)} If you think this is a mistake, ask an owner or admin of ${organization}.`,
    };
  },
  'ticket-staff-reply': ({ ticketTitle, link }) => {
    const title = oneLine(ticketTitle);
    return {
      subject: `New reply to your ${mailBrand.name} ticket "${title}"`,
      paragraphs: [
        `Our support team replied to your ticket "${title}".`,
        'Read the reply and answer it on the ticket page.',
      ],
      action: { label: 'View the reply', link },
      why: customerTicketNotice,
    };
  },
  'ticket-status-changed': ({ ticketTitle, status, link }) => {
    const title = oneLine(ticketTitle);
    const paragraphs = {
      open: [`Your ticket "${title}" is open again: our support team will pick it up.`],
      in_progress: [`Our support team is working on your ticket "${title}": its status is now In progress.`],
      resolved: [
        `Our support team marked your ticket "${title}" as resolved.`,
        'If the problem is not solved, reply on the ticket page and we will look at it again.',
      ],
      closed: [
        `Our support team closed your ticket "${title}".`,
        `If you still need help, you can reopen it from the ticket page within ${TICKET_REOPEN_DAYS} days.`,
      ],
    }[status];
    return {
      subject: `Your ${mailBrand.name} ticket "${title}" is now ${statusLabels[status]}`,
      paragraphs,
      action: { label: 'View the ticket', link },
      why: customerTicketNotice,
    };
  },
  'ticket-created-staff': ({ ticketTitle, priority, organizationName, link }) => {
    const title = oneLine(ticketTitle);
    const from = organizationName ? oneLine(organizationName) : 'A customer';
    return {
      subject: `New ${priorityLabels[priority].toLowerCase()} priority ticket from ${from}: "${title}" (${mailBrand.name})`,
      paragraphs: [
        `${from} opened a new ticket, "${title}", with priority ${priorityLabels[priority]}.`,
        'Assign it to yourself and answer it from the staff console.',
      ],
      action: { label: 'Open the ticket', link },
      why: staffTicketNotice,
    };
  },
  'ticket-breach-warning': ({ ticketTitle, priority, target, dueAt, link }) => {
    const title = oneLine(ticketTitle);
    const what = target === 'first_response' ? 'first response' : 'resolution';
    return {
      subject: `SLA warning: "${title}" is about to miss its ${what} target (${mailBrand.name})`,
      paragraphs: [
        `The ${priorityLabels[priority].toLowerCase()} priority ticket "${title}" is about to miss its ${what} target, due ${dueTimeOf(dueAt)}.`,
        target === 'first_response'
          ? 'Reply to the customer before then to meet it.'
          : 'Resolve or close the ticket before then to meet it.',
      ],
      action: { label: 'Open the ticket', link },
      why: staffTicketNotice,
    };
  },
  'webhook-endpoint-failing': ({ organizationName, endpointUrl, link }) => {
    const organization = oneLine(organizationName);
    const url = oneLine(endpointUrl);
    return {
      subject: `A webhook endpoint of ${organization} is failing (${mailBrand.name})`,
      paragraphs: [
        `We could not deliver an event to your webhook endpoint ${url} for ${WEBHOOK_RETRY_HOURS} hours, so we marked it as failing.`,
        `We keep sending new events to it. Check that it answers with a 2xx status within ${WEBHOOK_TIMEOUT_SECONDS} seconds, then resend the failed deliveries from its delivery log.`,
      ],
      action: { label: 'Open the delivery log', link },
      why: `You received this email because you are an owner of ${organization} on ${mailBrand.name}.`,
    };
  },
  'call-booking': callBookingCopy,
  'status-subscription-confirmation': ({ link }) => ({
    subject: `Confirm your subscription to ${mailBrand.name} status updates`,
    paragraphs: [
      `Someone, hopefully you, asked to receive an email whenever an incident on the ${mailBrand.name} platform is opened, updated or resolved.`,
      `Confirm with the button below; the link works for ${STATUS_CONFIRM_TTL_HOURS} hours. Until you confirm, we send you nothing else.`,
    ],
    action: { label: 'Confirm my subscription', link },
    why: `You received this email because this address was entered on the ${mailBrand.name} status page. ${ignoreIfNotYou}`,
  }),
  'status-incident': ({
    change,
    incidentTitle,
    status,
    impact,
    services,
    message,
    link,
    unsubscribeLink,
  }) => {
    const title = oneLine(incidentTitle);
    const affected = services.map(oneLine).join(', ');
    const what = impact === 'outage' ? 'an outage' : 'degraded performance';
    const opening = {
      opened: `We are investigating ${what} affecting ${affected}: "${title}".`,
      updated: `Update on "${title}" (${what} affecting ${affected}): ${incidentStatusLabels[status]}.`,
      resolved: `"${title}" is resolved: ${affected} ${services.length === 1 ? 'is' : 'are'} working normally again.`,
    }[change];
    const subjects = {
      opened: `Incident: ${title}`,
      updated: `${incidentStatusLabels[status]}: ${title}`,
      resolved: `Resolved: ${title}`,
    };
    return {
      subject: `${subjects[change]} (${mailBrand.name} status)`,
      paragraphs: [opening, message],
      action: { label: 'View the status page', link },
      why: `You received this email because you subscribed to incident updates on the ${mailBrand.name} status page.`,
      unsubscribe: unsubscribeLink,
    };
  },
};

const incidentStatusLabels = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
} as const;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML, both as content and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** Renders `content` (a template and its values) in the brand: subject, plain text and HTML. */
export function renderMail(content: MailContent): RenderedMail {
  const copy = (copies[content.template] as CopyOf<MailTemplate>)(content);
  // An invitation goes to an address that may have no account yet: no name to greet.
  const name = 'name' in content ? oneLine(content.name) : '';
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const rendered: RenderedMail = {
    subject: copy.subject,
    text: plainText(copy, greeting),
    html: html(copy, greeting),
  };
  if (content.template === 'call-booking') rendered.attachments = [callBookingInvite(content)];
  if (copy.unsubscribe) rendered.unsubscribe = copy.unsubscribe;
  return rendered;
}

function plainText(copy: MailCopy, greeting: string): string {
  return [
    greeting,
    '',
    ...copy.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(copy.action ? [`${copy.action.label}:`, copy.action.link, ''] : []),
    `— ${mailBrand.name}`,
    '',
    '--',
    copy.why,
    ...(copy.unsubscribe ? [`Unsubscribe: ${copy.unsubscribe}`] : []),
    '',
  ].join('\n');
}

function html(copy: MailCopy, greeting: string): string {
  const { ink, surface, accent, text, textMuted } = mailBrand;
  const font = "font-family:Inter,'Segoe UI',Helvetica,Arial,sans-serif";
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;${font};font-size:16px;line-height:24px;color:${text}">${escapeHtml(content)}</p>`;
  const action = copy.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>` +
      `<td style="border-radius:6px;background:${accent}">` +
      `<a href="${escapeHtml(copy.action.link)}" style="display:inline-block;padding:12px 24px;${font};font-size:16px;font-weight:600;color:${ink};text-decoration:none;border-radius:6px">${escapeHtml(copy.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;${font};font-size:14px;line-height:20px;color:${textMuted}">Or open this link: ` +
      `<a href="${escapeHtml(copy.action.link)}" style="color:${accent};word-break:break-all">${escapeHtml(copy.action.link)}</a></p>`
    : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="dark">',
    '<meta name="supported-color-schemes" content="dark">',
    `<title>${escapeHtml(copy.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background:${ink}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${ink}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:${surface};border-radius:8px">`,
    `<tr><td style="padding:24px 32px 8px;${font};font-size:20px;font-weight:700;color:${text}">` +
      `<span style="color:${accent}">&#9632;</span> ${escapeHtml(mailBrand.name)}</td></tr>`,
    `<tr><td style="padding:16px 32px 8px">`,
    paragraph(greeting),
    ...copy.paragraphs.map(paragraph),
    action,
    `<p style="margin:0;${font};font-size:16px;line-height:24px;color:${text}">&mdash; ${escapeHtml(mailBrand.name)}</p>`,
    '</td></tr>',
    `<tr><td style="padding:24px 32px;${font};font-size:12px;line-height:18px;color:${textMuted};border-top:1px solid rgba(148,163,184,0.18)">${escapeHtml(copy.why)}` +
      (copy.unsubscribe
        ? ` <a href="${escapeHtml(copy.unsubscribe)}" style="color:${textMuted};text-decoration:underline">Unsubscribe</a>`
        : '') +
      `</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
