import { createHash } from 'node:crypto';
import {
  APPLICATION_BODY_MAX_BYTES,
  applicationMessages,
  applicationResponseSchema,
  CV_MAX_BYTES,
  JOB_APPLICATIONS_PATH,
  staffApplicationSchema,
} from '@portal/contracts';
import {
  docxBytes,
  fromNewClientAddress,
  pdfBytes,
  request,
  type SignedInUser,
  startForSuite,
  uniqueEmail,
  zipBytes,
} from '@portal/testing';
import { startCrm } from '../test/crm-harness';

type Cv = { bytes: Buffer; name: string; type?: string };

describe(`POST ${JOB_APPLICATIONS_PATH}`, () => {
  const limits = { perAddressPerHour: 10, perEmailPerHour: 3 };
  const crm = startForSuite(() => startCrm({ applicationLimits: limits }));
  let admin: SignedInUser;
  let customer: SignedInUser;

  beforeAll(async () => {
    [admin, customer] = await Promise.all([crm().signIn('crm_manager'), crm().signIn()]);
  });

  const fields = (overrides: Record<string, string> = {}) => ({
    name: 'Ada Lovelace',
    email: uniqueEmail('ada'),
    role: 'AI Automation Specialist',
    location: 'Manila, Philippines',
    links: 'https://www.linkedin.com/in/ada https://github.com/ada',
    ...overrides,
  });
  const pdf = (): Cv => ({ bytes: pdfBytes(), name: 'Ada Lovelace CV.pdf', type: 'application/pdf' });

  /** Sends the form as a browser does: multipart, the CV in `cv` (or the files given). */
  const apply = async (
    values: Record<string, string> = fields(),
    files: [string, Cv][] = [['cv', pdf()]],
    headers: Record<string, string> = fromNewClientAddress(),
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    for (const [field, cv] of files)
      form.append(field, new File([cv.bytes], cv.name, { type: cv.type ?? '' }));
    const response = await fetch(`${crm().baseUrl}${JOB_APPLICATIONS_PATH}`, {
      method: 'POST',
      body: form,
      headers,
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { id: string; message?: string },
    };
  };
  const rowOf = async (id: string) =>
    (await crm().dataSource.query('SELECT * FROM job_applications WHERE id = $1', [id]))[0];
  const count = async (table: string) =>
    (await crm().dataSource.query(`SELECT count(*)::int AS count FROM ${table}`))[0].count as number;

  it('stores an application with its PDF CV (name, type, size, sha256, bytes), not as a sales lead', async () => {
    const leadsBefore = await count('contact_submissions');
    const values = fields({ name: '  Ada Lovelace ' });
    const cv = pdf();
    const response = await apply(values, [['cv', cv]]);
    expect(response.status).toBe(201);
    const { id } = applicationResponseSchema.parse(response.body);

    const row = await rowOf(id);
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: values.email,
      role: 'AI Automation Specialist',
      location: 'Manila, Philippines',
      links: ['https://www.linkedin.com/in/ada', 'https://github.com/ada'],
      cv_name: 'Ada Lovelace CV.pdf',
      cv_type: 'application/pdf',
      cv_size: cv.bytes.length,
      cv_sha256: createHash('sha256').update(cv.bytes).digest('hex'),
    });
    expect(Buffer.compare(row.cv_data, cv.bytes)).toBe(0);
    expect(await count('contact_submissions')).toBe(leadsBefore);
  });

  it('accepts a DOCX told by its content, whatever the browser calls it', async () => {
    const response = await apply(fields(), [
      ['cv', { bytes: docxBytes(), name: 'cv.docx', type: 'application/octet-stream' }],
    ]);
    expect(response.status).toBe(201);
    expect((await rowOf(response.body.id)).cv_type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it.each<[string, Cv]>([
    [
      'a text file named .pdf',
      { bytes: Buffer.from('not a pdf at all'), name: 'cv.pdf', type: 'application/pdf' },
    ],
    ['a ZIP that is not a Word document', { bytes: zipBytes({ 'cv.txt': 'hello' }), name: 'cv.docx' }],
    ['an executable named .docx', { bytes: Buffer.from('MZ\x90\x00 program'), name: 'cv.docx' }],
  ])('refuses %s with a clear 400 and stores nothing', async (_label, cv) => {
    const before = await count('job_applications');
    const response = await apply(fields(), [['cv', cv]]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message: applicationMessages.cvWrongType });
    expect(await count('job_applications')).toBe(before);
  });

  it('refuses a CV over 5 MB with a 400, and a body over the limit with a JSON 413', async () => {
    const tooLarge = await apply(fields(), [['cv', { bytes: pdfBytes(CV_MAX_BYTES + 1), name: 'big.pdf' }]]);
    expect(tooLarge.body).toEqual({ statusCode: 400, message: applicationMessages.cvTooLarge });

    const justFits = await apply(fields(), [['cv', { bytes: pdfBytes(CV_MAX_BYTES), name: 'max.pdf' }]]);
    expect(justFits.status).toBe(201);

    const huge = await apply(fields(), [
      ['cv', { bytes: pdfBytes(APPLICATION_BODY_MAX_BYTES + 1), name: 'huge.pdf' }],
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ statusCode: 413, message: expect.stringMatching(/too large/i) });
  });

  it('requires exactly one file, the CV', async () => {
    expect((await apply(fields(), [])).body).toEqual({
      statusCode: 400,
      message: applicationMessages.cvRequired,
    });
    expect(
      (
        await apply(fields(), [
          ['cv', pdf()],
          ['cv', pdf()],
        ])
      ).body,
    ).toEqual({
      statusCode: 400,
      message: applicationMessages.oneFileOnly,
    });
    expect((await apply(fields(), [['photo', pdf()]])).body.message).toBe(applicationMessages.oneFileOnly);
  });

  it.each([
    ['name', '  ', applicationMessages.nameRequired],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['role', '', applicationMessages.roleRequired],
    ['location', '', applicationMessages.locationRequired],
    ['links', 'javascript:alert(1)', applicationMessages.linksInvalid],
    [
      'links',
      'https://a.example https://b.example https://c.example https://d.example https://e.example https://f.example',
      applicationMessages.tooManyLinks,
    ],
  ])('refuses a bad %s (%j) with its message', async (field, value, message) => {
    const response = await apply(fields({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message });
  });

  it('refuses unknown fields, a field sent twice, JSON and a malformed multipart body', async () => {
    expect((await apply(fields({ salary: 'a lot' }))).body).toEqual({
      statusCode: 400,
      message: 'Unrecognized key: "salary"',
    });
    const prototypeField = await apply(fields(JSON.parse('{"__proto__": "x"}')));
    expect(prototypeField.body).toEqual({ statusCode: 400, message: 'Unrecognized key: "__proto__"' });

    const url = `${crm().baseUrl}${JOB_APPLICATIONS_PATH}`;
    const twice = new FormData();
    for (const [name, value] of Object.entries(fields())) twice.append(name, value);
    twice.append('role', 'Team Lead - Operations');
    twice.append('cv', new File([pdfBytes()], 'cv.pdf'));
    const sentTwice = await fetch(url, { method: 'POST', body: twice, headers: fromNewClientAddress() });
    expect(await sentTwice.json()).toEqual({ statusCode: 400, message: applicationMessages.unreadableForm });

    const json = await request(crm().baseUrl, 'POST', JOB_APPLICATIONS_PATH, { body: fields() });
    expect(json.status).toBe(415);

    const broken = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...fromNewClientAddress() },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ statusCode: 400, message: applicationMessages.unreadableForm });
  });

  it('takes multipart on this route only: the contact form still refuses it with a 415', async () => {
    const form = new FormData();
    form.append('firstName', 'Ada');
    const response = await fetch(`${crm().baseUrl}/api/contact`, { method: 'POST', body: form });
    expect(response.status).toBe(415);
  });

  it('limits applications per email with a 429 that says when to come back', async () => {
    const email = uniqueEmail('again');
    for (let i = 0; i < limits.perEmailPerHour; i += 1) {
      expect((await apply(fields({ email }))).status).toBe(201);
    }
    const limited = await apply(fields({ email: email.toUpperCase() }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many applications for this email address. Please try again in 60 minutes.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('limits applications per address, a larger allowance, without touching other addresses', async () => {
    const address = fromNewClientAddress();
    for (let i = 0; i < limits.perAddressPerHour; i += 1) {
      expect((await apply(fields(), undefined, address)).status).toBe(201);
    }
    const limited = await apply(fields(), undefined, address);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many applications from your network. Please try again in 60 minutes.',
    );
    expect((await apply(fields())).status).toBe(201);
  });

  describe('staff', () => {
    it('list the applications newest first and download each CV as it was sent', async () => {
      const values = fields();
      const cv = { bytes: docxBytes(), name: 'Ada "final" CV.docx' };
      const { body } = await apply(values, [['cv', cv]]);

      const list = await request<{ applications: unknown[] }>(crm().baseUrl, 'GET', JOB_APPLICATIONS_PATH, {
        token: admin.token,
      });
      expect(list.status).toBe(200);
      const newest = staffApplicationSchema.parse(list.body.applications[0]);
      expect(newest).toMatchObject({
        id: body.id,
        email: values.email,
        cv: { name: 'Ada final CV.docx', size: cv.bytes.length },
      });

      const download = await fetch(`${crm().baseUrl}${JOB_APPLICATIONS_PATH}/${body.id}/cv`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), cv.bytes)).toBe(0);
    });

    it('are the only ones who can: a customer gets 403, nobody signed in 401', async () => {
      expect(
        (await request(crm().baseUrl, 'GET', JOB_APPLICATIONS_PATH, { token: customer.token })).status,
      ).toBe(403);
      expect((await request(crm().baseUrl, 'GET', JOB_APPLICATIONS_PATH)).status).toBe(401);
      const missing = await request(crm().baseUrl, 'GET', `${JOB_APPLICATIONS_PATH}/not-a-uuid/cv`, {
        token: admin.token,
      });
      expect(missing.status).toBe(404);
    });
  });
});
