import type { Invitation, invitableRoles } from '@portal/contracts';
import { fromNewClientAddress, request, type ServiceHarness, uniqueEmail } from '@portal/testing';
import { linkToken, type RegisteredCustomer, registerCustomer } from './account-helpers';

export type InvitableRole = (typeof invitableRoles)[number];

/** A customer who signed up: the owner of an organization of their own. */
export interface TeamOwner extends RegisteredCustomer {
  organizationId: string;
}

/** A member who joined an organization from an invitation link. */
export interface TeamMember extends RegisteredCustomer {
  role: InvitableRole;
}

/** Calls identity as the team page does. */
export const teamCall = (
  harness: ServiceHarness,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) => request(harness.baseUrl, method, path, { token, body });

/** Signs a customer up: they own a new organization. */
export async function signUpOwner(harness: ServiceHarness, name = 'Ana Ruiz'): Promise<TeamOwner> {
  const owner = await registerCustomer(harness, { name, email: uniqueEmail('owner') });
  const me = await request(harness.baseUrl, 'GET', '/api/auth/me', { token: owner.token });
  return { ...owner, organizationId: me.body.organizationId as string };
}

/** `POST /api/team/invitations` as `token`; throws unless 201. */
export async function invite(
  harness: ServiceHarness,
  token: string,
  email: string,
  role: InvitableRole,
): Promise<Invitation> {
  const response = await teamCall(harness, 'POST', '/api/team/invitations', token, { email, role });
  if (response.status !== 201)
    throw new Error(`invite answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as unknown as Invitation;
}

/** The token of the newest invitation link mailed to `email`. */
export const invitationToken = (harness: ServiceHarness, email: string) =>
  linkToken(harness, email, 'team-invitation');

/** Signs up from an invitation link, as the invitation page does; answers the raw response. */
export const registerWithInvitation = (
  harness: ServiceHarness,
  body: { name: string; email: string; password?: string; invitation: string },
) =>
  request(harness.baseUrl, 'POST', '/api/auth/register', {
    body: { password: 'member password 1', ...body },
    headers: fromNewClientAddress(),
  });

/** Invites a new person with `role` as `inviterToken` and signs them up from the link. */
export async function addMember(
  harness: ServiceHarness,
  inviterToken: string,
  role: InvitableRole,
  name = 'Bo Li',
): Promise<TeamMember> {
  const email = uniqueEmail('member');
  await invite(harness, inviterToken, email, role);
  const password = 'member password 1';
  const response = await registerWithInvitation(harness, {
    name,
    email,
    password,
    invitation: await invitationToken(harness, email),
  });
  if (response.status !== 201) {
    throw new Error(`register with invitation answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  const token = response.body.token as string;
  const me = await request(harness.baseUrl, 'GET', '/api/auth/me', { token });
  return { id: me.body.id as string, name, email, password, token, role };
}

/** A fresh token of the member's session for its organization as it is now (`POST /api/auth/token`). */
export async function refreshedToken(harness: ServiceHarness, token: string): Promise<string> {
  const response = await request(harness.baseUrl, 'POST', '/api/auth/token', { token, body: {} });
  if (response.status !== 200)
    throw new Error(`token answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

/** The organization's audit sentences, newest first. */
export async function auditSummaries(harness: ServiceHarness, token: string): Promise<string[]> {
  const response = await teamCall(harness, 'GET', '/api/team/audit', token);
  if (response.status !== 200) throw new Error(`audit answered ${response.status}`);
  return (response.body.entries as { summary: string }[]).map((entry) => entry.summary);
}
