import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type MailContent, mailContentSchema } from '@portal/contracts';
import { escapeHtml, mailBrand, renderMail } from './mail-templates';

const link = 'https://portal.example.com/reset-password?token=abc&next=%2Fdashboard';

/** A booked call's values (the invitation's), beside the other templates'. */
const callBooking = {
  audience: 'visitor',
  change: 'booked',
  uid: 'booking-5b0e4c1e-6f1f-4b8e-9a37-2f5d0b1c9e11@portal.example.com',
  sequence: 0,
  startsAt: '2026-12-01T15:00:00.000Z',
  endsAt: '2026-12-01T15:30:00.000Z',
  previousStartsAt: null,
  stampedAt: '2026-11-27T10:00:00.000Z',
  organizer: { name: 'Millstone CX', email: 'hello@millstonecx.com' },
  attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
  company: 'Analytical Engines',
  phone: null,
  note: null,
};

const statusIncident = {
  change: 'opened' as const,
  incidentTitle: 'API calls time out',
  status: 'investigating' as const,
  impact: 'outage' as const,
  services: ['API', 'Customer portal'],
  message: 'Some API calls time out after 30 seconds. We are looking into it.',
  unsubscribeLink: 'https://portal.example.com/status?unsubscribe=tok_123&x=1',
};

/** One content of every template the contracts list. */
const everyTemplate: MailContent[] = mailContentSchema.options.map((option) => {
  const template = option.shape.template.value;
  return mailContentSchema.parse({
    template,
    name: 'Ada Lovelace',
    link,
    newEmail: 'new@example.com',
    organizationName: 'Analytical Engines',
    invitedBy: 'Charles Babbage',
    role: 'Billing',
    expiresAt: '2026-12-03T09:30:00.000Z',
    ticketTitle: 'Calls drop after 30 seconds',
    status: 'closed',
    priority: 'urgent',
    target: 'first_response',
    dueAt: '2026-03-02T14:15:00.000Z',
    endpointUrl: 'https://hooks.example.com/millstone',
    ...callBooking,
    ...(template === 'status-incident' && statusIncident),
  });
});

/** The greeting of a content: an invitation goes to an address that may have no account (no name). */
const greetingOf = (content: MailContent) => ('name' in content ? 'Hi Ada Lovelace,' : 'Hi,');

describe('mail templates', () => {
  it.each(everyTemplate.map((content) => [content.template, content] as const))(
    '%s: a subject, a plain text and an HTML part in the brand, with a footer saying why and no unsubscribe',
    (_template, content) => {
      const mail = renderMail(content);
      expect(mail.subject).toContain('Millstone CX');
      expect(mail.text.startsWith(`${greetingOf(content)}\n`)).toBe(true);
      expect(mail.text).toContain('You received this email because');
      expect(mail.html).toContain(greetingOf(content));
      expect(mail.html).toContain('You received this email because');
      expect(mail.html).toContain(`background:${mailBrand.ink}`);
      expect(mail.html).toContain('max-width:600px');
      // A subscription's mail (the status page's incidents) alone carries an unsubscribe link.
      if (content.template !== 'status-incident')
        expect(`${mail.text}${mail.html}`).not.toMatch(/unsubscribe/i);
      if ('link' in content) {
        expect(mail.text).toContain(`\n${link}\n`);
        // The button and the plain link, the & of the query escaped in the attribute.
        expect(mail.html.split(`href="${escapeHtml(link)}"`)).toHaveLength(3);
      } else {
        expect(mail.html).not.toContain('href=');
      }
      if ('newEmail' in content) {
        expect(mail.text).toContain('new@example.com');
      }
      if ('organizationName' in content) {
        // A team mail names the organization in its subject and says why it came.
        expect(mail.subject).toContain('Analytical Engines');
        expect(mail.text).toContain('Analytical Engines');
      }
    },
  );

  it('ticket mails name the ticket, say what happened and link to it', () => {
    const ticketLink = 'https://portal.example.com/dashboard/support/0b6f6c2e-3f7e-4d7a-9b1c-2a3b4c5d6e7f';
    const base = { name: 'Ada Lovelace', ticketTitle: 'Calls drop\r\nBcc: x@evil.example', link: ticketLink };
    const reply = renderMail(mailContentSchema.parse({ template: 'ticket-staff-reply', ...base }));
    expect(reply.subject).toBe('New reply to your Millstone CX ticket "Calls drop Bcc: x@evil.example"');
    expect(reply.text).toContain('Our support team replied to your ticket "Calls drop Bcc: x@evil.example".');
    expect(reply.text).toContain(`View the reply:\n${ticketLink}\n`);
    expect(reply.text).toContain('You can turn ticket emails off in Settings in your dashboard.');

    const closed = renderMail(
      mailContentSchema.parse({ template: 'ticket-status-changed', ...base, status: 'closed' }),
    );
    expect(closed.subject).toBe('Your Millstone CX ticket "Calls drop Bcc: x@evil.example" is now Closed');
    expect(closed.text).toContain('reopen it from the ticket page within 14 days');
    const working = renderMail(
      mailContentSchema.parse({ template: 'ticket-status-changed', ...base, status: 'in_progress' }),
    );
    expect(working.subject).toContain('is now In progress');

    const created = renderMail(
      mailContentSchema.parse({
        template: 'ticket-created-staff',
        ...base,
        priority: 'urgent',
        organizationName: 'Analytical Engines',
      }),
    );
    expect(created.subject).toBe(
      'New urgent priority ticket from Analytical Engines: "Calls drop Bcc: x@evil.example" (Millstone CX)',
    );
    expect(created.text).toContain('support staff');
    const anonymous = renderMail(
      mailContentSchema.parse({
        template: 'ticket-created-staff',
        ...base,
        priority: 'low',
        organizationName: null,
      }),
    );
    expect(anonymous.text).toContain('A customer opened a new ticket');

    const breach = renderMail(
      mailContentSchema.parse({
        template: 'ticket-breach-warning',
        ...base,
        priority: 'high',
        target: 'resolution',
        dueAt: '2026-03-02T14:15:00.000Z',
      }),
    );
    expect(breach.subject).toContain('about to miss its resolution target');
    expect(breach.text).toContain('due March 2, 2026 at 2:15 PM (UTC)');
    expect(breach.html.split(`href="${ticketLink}"`)).toHaveLength(3);
    expect(`${reply.subject}${closed.subject}${created.subject}${breach.subject}`).not.toMatch(/[\r\n]/);
  });

  it('status page mails: the confirmation asks to confirm; each incident mail says what changed, with an unsubscribe link and header', () => {
    const confirmation = renderMail({ template: 'status-subscription-confirmation', link });
    expect(confirmation.subject).toBe('Confirm your subscription to Millstone CX status updates');
    expect(confirmation.text).toContain('Confirm my subscription:');
    expect(confirmation.unsubscribe).toBeUndefined();

    const opened = renderMail({ template: 'status-incident', link, ...statusIncident });
    expect(opened.subject).toBe('Incident: API calls time out (Millstone CX status)');
    expect(opened.text).toContain(
      'We are investigating an outage affecting API, Customer portal: "API calls time out".',
    );
    expect(opened.text).toContain(statusIncident.message);
    expect(opened.text).toContain(`Unsubscribe: ${statusIncident.unsubscribeLink}`);
    expect(opened.html).toContain(`href="${escapeHtml(statusIncident.unsubscribeLink)}"`);
    expect(opened.unsubscribe).toBe(statusIncident.unsubscribeLink);

    const resolved = renderMail({
      template: 'status-incident',
      link,
      ...statusIncident,
      change: 'resolved',
      status: 'resolved',
      services: ['API'],
    });
    expect(resolved.subject).toBe('Resolved: API calls time out (Millstone CX status)');
    expect(resolved.text).toContain('"API calls time out" is resolved: API is working normally again.');
    const updated = renderMail({
      template: 'status-incident',
      link,
      ...statusIncident,
      change: 'updated',
      status: 'monitoring',
    });
    expect(updated.subject).toBe('Monitoring: API calls time out (Millstone CX status)');
  });

  it('says how long each link lives, as the contracts set it', () => {
    const [verification, reset, change] = (
      ['email-verification', 'password-reset', 'email-change-confirmation'] as const
    ).map((template) => renderMail(everyTemplate.find((content) => content.template === template)!).text);
    expect(verification).toContain('expires in 24 hours');
    expect(reset).toContain('expires in 30 minutes');
    expect(change).toContain('expires in 24 hours');
  });

  it('team mails: who invited to what with which role until when; the new role; the removal', () => {
    const byTemplate = (template: MailContent['template']) =>
      renderMail(everyTemplate.find((content) => content.template === template)!);
    const invitation = byTemplate('team-invitation');
    expect(invitation.subject).toBe('Charles Babbage invited you to join Analytical Engines on Millstone CX');
    expect(invitation.text).toContain(
      'Charles Babbage invited you to join Analytical Engines on Millstone CX with the role Billing.',
    );
    expect(invitation.text).toContain(
      'The link works once and expires in 7 days, on December 3, 2026 (UTC).',
    );
    expect(invitation.text).toContain(`Accept invitation:\n${link}\n`);
    expect(invitation.html).toContain('>Accept invitation</a>');

    const roleChanged = byTemplate('team-role-changed');
    expect(roleChanged.subject).toBe('Your role in Analytical Engines on Millstone CX changed');
    expect(roleChanged.text).toContain('Your role in Analytical Engines is now Billing.');

    const removed = byTemplate('team-removed');
    expect(removed.subject).toBe('You were removed from Analytical Engines on Millstone CX');
    expect(removed.text).toContain('You are no longer a member of Analytical Engines');
  });

  it('keeps an organization or inviter name on one line in the subject and escapes it in the HTML', () => {
    const mail = renderMail({
      template: 'team-invitation',
      organizationName: 'Evil <b>Corp</b>\r\nBcc: victim@example.com',
      invitedBy: 'Mallory\n',
      role: 'Admin',
      link,
      expiresAt: '2026-12-03T09:30:00.000Z',
    });
    expect(mail.subject).toBe(
      'Mallory invited you to join Evil <b>Corp</b> Bcc: victim@example.com on Millstone CX',
    );
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Evil &lt;b&gt;Corp&lt;/b&gt;');
  });

  it('escapes every value in the HTML part, and greets a blank name without one', () => {
    const mail = renderMail({
      template: 'email-change-confirmation',
      name: `"><img src=x onerror=alert(1)>`,
      link: 'https://portal.example.com/confirm-email?token="x"',
      newEmail: "o'brien@example.com",
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('o&#39;brien@example.com');
    expect(mail.html).not.toContain('token="x"');
    expect(renderMail({ template: 'password-changed', name: ' \n\t' }).text).toMatch(/^Hi,\n/);
  });

  it("uses libs/ui's brand name and colours", () => {
    const ui = path.join(__dirname, '../../../../libs/ui/src');
    expect(readFileSync(path.join(ui, 'brand.ts'), 'utf8')).toContain(`BRAND_NAME = '${mailBrand.name}'`);
    const theme = readFileSync(path.join(ui, 'theme.ts'), 'utf8');
    for (const key of ['ink', 'surface', 'accent', 'text', 'textMuted'] as const) {
      expect(theme).toContain(`${key}: '${mailBrand[key]}'`);
    }
  });
});
