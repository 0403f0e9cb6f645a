import { type MailRequestedData, subjects } from '@portal/contracts';
import { fromNewClientAddress, request, type ServiceHarness, uniqueEmail } from '@portal/testing';
import { ensureStaffAccount } from '../staff/staff-account';

export interface RegisteredCustomer {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** Signs a new customer up (from an address of its own), as the register page does. */
export async function registerCustomer(
  harness: ServiceHarness,
  options: { name?: string; email?: string; password?: string; userAgent?: string } = {},
): Promise<RegisteredCustomer> {
  const name = options.name ?? 'Account Tester';
  const email = options.email ?? uniqueEmail('account');
  const password = options.password ?? 'first password 1';
  const response = await request(harness.baseUrl, 'POST', '/api/auth/register', {
    body: { name, email, password },
    headers: { ...fromNewClientAddress(), ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const token = response.body.token as string;
  const me = await request(harness.baseUrl, 'GET', '/api/auth/me', { token });
  return { id: me.body.id as string, name, email, password, token };
}

/** Signs in again, from `address`, as another device would. */
export async function signIn(
  harness: ServiceHarness,
  email: string,
  password: string,
  headers: Record<string, string> = fromNewClientAddress(),
): Promise<string> {
  const response = await request(harness.baseUrl, 'POST', '/api/auth/login', {
    body: { email, password },
    headers,
  });
  if (response.status !== 200)
    throw new Error(`login answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

/** The mails identity asked for (portal.mail.requested in its outbox) to this address, oldest first. */
export async function mailsTo(harness: ServiceHarness, to: string): Promise<MailRequestedData[]> {
  const rows: { data: MailRequestedData }[] = await harness.dataSource.query(
    `SELECT data FROM outbox WHERE subject = $1 AND lower(data->>'to') = lower($2) ORDER BY seq`,
    [subjects.mailRequested, to],
  );
  return rows.map((row) => row.data);
}

/** The token of the newest mail of this template to this address (from its link). */
export async function linkToken(harness: ServiceHarness, to: string, template: string): Promise<string> {
  const mail = (await mailsTo(harness, to)).filter((sent) => sent.content.template === template).at(-1);
  if (!mail || !('link' in mail.content)) throw new Error(`no ${template} mail to ${to}`);
  return new URL(mail.content.link).searchParams.get('token')!;
}

/** Makes the account's links of this purpose expired, as if their time had run out a minute ago. */
export async function expireLinks(harness: ServiceHarness, userId: string, purpose: string): Promise<void> {
  await harness.dataSource.query(
    `UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = $2`,
    [userId, purpose],
  );
}

/** A staff account (`role`, admin unless given) made as STAFF_EMAIL/STAFF_PASSWORD make one, signed in. */
export async function signInStaff(
  harness: ServiceHarness,
  role: 'admin' | 'super_admin' | 'billing' | 'crm_manager' = 'admin',
  name = 'Sam Staff',
): Promise<RegisteredCustomer> {
  const email = uniqueEmail('staff');
  const password = 'staff password 1';
  await ensureStaffAccount(harness.dataSource, { email, password, name });
  if (role !== 'admin') {
    await harness.dataSource.query('UPDATE public_users SET role = $2 WHERE lower(email) = lower($1)', [email, role]);
  }
  const token = await signIn(harness, email, password);
  const me = await request(harness.baseUrl, 'GET', '/api/auth/me', { token });
  return { id: me.body.id as string, name, email, password, token };
}
