import { randomUUID } from 'node:crypto';
import { startOnTestEventSpace, waitFor } from '@portal/testing';
import { mailsTo } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';
import { addMember, signUpOwner } from '../test/team-helpers';

jest.setTimeout(60_000);

describe('failing webhook emails: identity reads portal.webhooks.failing and mails the owners', () => {
  const startWithEvents = () =>
    startOnTestEventSpace('identity', (ticketEvents) => startIdentity({ seed: false, ticketEvents }));
  let stack: Awaited<ReturnType<typeof startWithEvents>>;

  beforeAll(async () => {
    stack = await startWithEvents();
  });
  afterAll(() => stack?.close());

  const failingMails = async (email: string) =>
    (await mailsTo(stack.identity, email)).filter(
      (mail) => mail.content.template === 'webhook-endpoint-failing',
    );

  it("mails each owner once, linking to the Developers page, and not the organization's other members", async () => {
    const owner = await signUpOwner(stack.identity, 'Olive Owner');
    const admin = await addMember(stack.identity, owner.token, 'admin', 'Adam Admin');
    const url = `https://hooks.example.com/${randomUUID()}`;
    await stack.events.publish('webhookEndpointFailing', {
      endpointId: randomUUID(),
      organizationId: owner.organizationId,
      url,
      failingSince: new Date().toISOString(),
      lastError: 'HTTP 500',
    });

    await waitFor(async () => (await failingMails(owner.email)).length > 0, 'the owner’s mail', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = await failingMails(owner.email);
    expect(mails.map((mail) => mail.content)).toEqual([
      {
        template: 'webhook-endpoint-failing',
        name: 'Olive Owner',
        organizationName: expect.any(String),
        endpointUrl: url,
        link: expect.stringMatching(/\/dashboard\/developers$/),
      },
    ]);
    expect(await failingMails(admin.email)).toEqual([]);
  });
});
