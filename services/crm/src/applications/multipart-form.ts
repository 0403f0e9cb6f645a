import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

export interface MultipartForm {
  fields: Record<string, string>;
  files: { field: string; file: File }[];
}

/**
 * Lets `path` (as registered, e.g. `/api/careers/applications`) take a `multipart/form-data` body
 * of at most `limit` bytes (else Fastify's JSON 413), kept as bytes for `readMultipartForm`. Every
 * other route still refuses multipart with a 415. Call it once, before the app listens.
 */
export function acceptMultipartOn(fastify: FastifyInstance, path: string, limit: number): void {
  fastify.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: limit },
    (request, body, done) => {
      if (request.routeOptions.url === path) done(null, body);
      else
        done(new UnsupportedMediaTypeException(`Unsupported Media Type: ${request.headers['content-type']}`));
    },
  );
}

/**
 * The fields and files of a multipart body read whole by `acceptMultipartOn` (so already bounded),
 * parsed by the platform's own FormData parser. A malformed body, or a text field sent twice, is a
 * 400 with `unreadable` as its message.
 */
export async function readMultipartForm(
  body: unknown,
  contentType: string | undefined,
  unreadable: string,
): Promise<MultipartForm> {
  if (!Buffer.isBuffer(body) || !contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new UnsupportedMediaTypeException('Send the form as multipart/form-data');
  }
  let entries: [string, string | File][];
  try {
    entries = [...(await new Response(body, { headers: { 'content-type': contentType } }).formData())];
  } catch {
    throw new BadRequestException(unreadable);
  }
  // No prototype: a field named `__proto__` or `constructor` is just an unknown field.
  const form: MultipartForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  for (const [field, value] of entries) {
    if (typeof value !== 'string') form.files.push({ field, file: value });
    else if (Object.hasOwn(form.fields, field)) throw new BadRequestException(unreadable);
    else form.fields[field] = value;
  }
  return form;
}
