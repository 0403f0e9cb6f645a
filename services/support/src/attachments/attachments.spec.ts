import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentMessages,
  replyResponseSchema,
  staffTicketDetailSchema,
  ticketAttachmentSchema,
  ticketMessagesResponseSchema,
  ticketSchema,
} from '@portal/contracts';
import { type JsonResponse, request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';
import { AttachmentsService } from './attachments.service';
import { attachmentTypeOf } from './content-type';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR fake image body'),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

describe('attachments', () => {
  const stack = startForSuite(startSupport);
  let alice: Customer;
  let bob: Customer;
  let staff: Customer;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const upload = async (
    who: Customer,
    name: string | null,
    bytes: Buffer,
    path = '/api/support/attachments',
  ) => {
    const query = name === null ? '' : `?${new URLSearchParams({ name })}`;
    const response = await fetch(`${stack().service.baseUrl}${path}${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const uploaded = async (who: Customer, name: string, bytes: Buffer, path?: string) => {
    const answer = await upload(who, name, bytes, path);
    expect(answer.status).toBe(201);
    return ticketAttachmentSchema.parse(answer.body);
  };
  const download = (who: Customer, path: string) =>
    fetch(`${stack().service.baseUrl}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  const open = async (who: Customer, attachmentIds: string[] = []) =>
    ticketSchema.parse(
      (
        await call('POST', '/api/support/tickets', who, {
          title: 'Screenshot of the error',
          description: 'See the attached screenshot.',
          attachmentIds,
        })
      ).body,
    );

  beforeAll(async () => {
    [alice, bob, staff] = await Promise.all([stack().signIn(), stack().signIn(), stack().signIn('admin')]);
  });

  it('tells the type from the bytes, never the name', () => {
    expect(attachmentTypeOf(PNG)).toBe('image/png');
    expect(attachmentTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(attachmentTypeOf(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(attachmentTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(attachmentTypeOf(PDF)).toBe('application/pdf');
    expect(attachmentTypeOf(Buffer.from('Call log:\n10:02 dropped\r\n10:05 dropped\tagain\n'))).toBe(
      'text/plain',
    );
    for (const refused of [
      '<!DOCTYPE html><html><body>hi</body></html>',
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg/>',
      'harmless text then <script>alert(1)</script>',
      'MZ\u0090\u0000\u0003 an executable',
    ]) {
      expect({ refused, type: attachmentTypeOf(Buffer.from(refused)) }).toEqual({ refused, type: null });
    }
    expect(attachmentTypeOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBeNull(); // a ZIP
    expect(attachmentTypeOf(Buffer.from([0xc3, 0x28]))).toBeNull(); // not UTF-8
  });

  it('uploads, attaches to a reply, lists on the message and downloads as an attachment, never inline', async () => {
    const ticket = await open(alice);
    const image = await uploaded(alice, 'screen shot.png', PNG);
    expect(image).toMatchObject({ fileName: 'screen shot.png', contentType: 'image/png', size: PNG.length });
    const replied = await call('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
      body: 'Here it is.',
      attachmentIds: [image.id],
    });
    expect(replied.status).toBe(201);
    expect(replyResponseSchema.parse(replied.body).message.attachments).toEqual([image]);

    const { messages } = ticketMessagesResponseSchema.parse(
      (await call('GET', `/api/support/tickets/${ticket.id}/messages`, alice)).body,
    );
    expect(messages[1].attachments).toEqual([image]);

    for (const [who, path] of [
      [alice, `/api/support/tickets/${ticket.id}/attachments/${image.id}`],
      [staff, `/api/support/staff/tickets/${ticket.id}/attachments/${image.id}`],
    ] as const) {
      const file = await download(who, path);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''screen%20shot.png`);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    }
  });

  it("attaches uploads to a new ticket's first message", async () => {
    const pdf = await uploaded(alice, 'invoice.pdf', PDF);
    const ticket = await open(alice, [pdf.id]);
    const { messages } = ticketMessagesResponseSchema.parse(
      (await call('GET', `/api/support/tickets/${ticket.id}/messages`, alice)).body,
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].attachments).toEqual([pdf]);
  });

  it('refuses an HTML page named .png, an SVG with a script, an empty file, no name, and over 10 MB', async () => {
    expect(
      await upload(alice, 'cat.png', Buffer.from('<html><body onload="alert(1)">cat</body></html>')),
    ).toMatchObject({
      status: 415,
      body: { message: attachmentMessages.attachmentWrongType },
    });
    expect(
      await upload(
        alice,
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ).toMatchObject({ status: 415, body: { message: attachmentMessages.attachmentWrongType } });
    expect(await upload(alice, 'empty.txt', Buffer.alloc(0))).toMatchObject({ status: 400 });
    expect(await upload(alice, null, PNG)).toMatchObject({ status: 400 });
    expect(await upload(alice, '   ', PNG)).toMatchObject({ status: 400 });
    const tooBig = Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect((await upload(alice, 'huge.png', tooBig)).status).toBe(413);
    const [{ count }] = (await stack().service.dataSource.query(
      'SELECT count(*)::int AS count FROM ticket_attachments WHERE uploaded_by = $1 AND file_name IN ($2, $3, $4)',
      [alice.id, 'cat.png', 'logo.svg', 'huge.png'],
    )) as { count: number }[];
    expect(count).toBe(0);
    // JSON is no upload.
    expect((await call('POST', '/api/support/attachments?name=a.txt', alice, { data: 'x' })).status).toBe(
      415,
    );
    // Nor are bytes without a media type.
    const unnamed = await fetch(`${stack().service.baseUrl}/api/support/attachments?name=a.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}` },
      body: new Uint8Array(PNG),
    });
    expect(unnamed.status).toBe(415);
  });

  it("keeps attachments to their organization: B neither downloads A's nor puts A's upload on a message", async () => {
    const ticket = await open(alice);
    const image = await uploaded(alice, 'a.png', PNG);
    await call('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
      body: 'A',
      attachmentIds: [image.id],
    });
    const theirs = await download(bob, `/api/support/tickets/${ticket.id}/attachments/${image.id}`);
    const unknown = await download(bob, `/api/support/tickets/${ticket.id}/attachments/${randomUUID()}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());

    const pending = await uploaded(alice, 'pending.png', PNG);
    const bobs = await open(bob);
    expect(
      await call('POST', `/api/support/tickets/${bobs.id}/messages`, bob, {
        body: 'Mine',
        attachmentIds: [pending.id],
      }),
    ).toMatchObject({ status: 400, body: { message: attachmentMessages.attachmentUnknown } });
    // Used once only.
    await call('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
      body: 'Once',
      attachmentIds: [pending.id],
    });
    expect(
      (
        await call('POST', `/api/support/tickets/${ticket.id}/messages`, alice, {
          body: 'Twice',
          attachmentIds: [pending.id],
        })
      ).status,
    ).toBe(400);
    // A customer never uploads on the staff route.
    expect((await upload(alice, 'x.png', PNG, '/api/support/staff/attachments')).status).toBe(403);
  });

  it("hides an internal note's attachment from the customer; staff download it", async () => {
    const ticket = await open(alice);
    const log = await uploaded(
      staff,
      'server.log',
      Buffer.from('ERROR trunk 4 down\n'),
      '/api/support/staff/attachments',
    );
    expect(log.contentType).toBe('text/plain');
    const note = await call('POST', `/api/support/staff/tickets/${ticket.id}/messages`, staff, {
      body: 'Logs attached',
      internal: true,
      attachmentIds: [log.id],
    });
    expect(note.status).toBe(201);
    expect((await download(alice, `/api/support/tickets/${ticket.id}/attachments/${log.id}`)).status).toBe(
      404,
    );
    expect(
      (await download(staff, `/api/support/staff/tickets/${ticket.id}/attachments/${log.id}`)).status,
    ).toBe(200);
    const detail = staffTicketDetailSchema.parse(
      (await call('GET', `/api/support/staff/tickets/${ticket.id}`, staff)).body,
    );
    expect(detail.messages.find((message) => message.internal)?.attachments).toEqual([log]);
  });

  it('deletes uploads no message took within a day', async () => {
    const stale = await uploaded(alice, 'stale.png', PNG);
    const service = stack().service.app.get(AttachmentsService);
    expect(await service.deleteUnused(new Date(Date.now() + 25 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    const rows = (await stack().service.dataSource.query('SELECT id FROM ticket_attachments WHERE id = $1', [
      stale.id,
    ])) as unknown[];
    expect(rows).toHaveLength(0);
  });
});
