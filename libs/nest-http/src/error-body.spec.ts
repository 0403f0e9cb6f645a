import { BadRequestException, HttpException, ServiceUnavailableException } from '@nestjs/common';
import { toErrorBody } from './error-body';
import { resolveRequestId } from './request-id';

describe('toErrorBody', () => {
  it('keeps the status and message of HttpExceptions', () => {
    expect(toErrorBody(new BadRequestException('Name is required'))).toEqual({
      statusCode: 400,
      message: 'Name is required',
    });
    expect(toErrorBody(new ServiceUnavailableException('Service identity is unavailable'))).toEqual({
      statusCode: 503,
      message: 'Service identity is unavailable',
    });
    expect(toErrorBody(new HttpException({ message: ['a', 'b'] }, 422))).toEqual({
      statusCode: 422,
      message: 'a; b',
    });
  });

  it('keeps 4xx errors raised by Fastify', () => {
    const tooLarge = Object.assign(new RangeError('Request body is too large'), { statusCode: 413 });
    expect(toErrorBody(tooLarge)).toEqual({ statusCode: 413, message: 'Request body is too large' });
  });

  it('turns anything else into a 500 without details', () => {
    expect(toErrorBody(new Error('connection string postgres://secret'))).toEqual({
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(toErrorBody(Object.assign(new Error('x'), { statusCode: 502 }))).toEqual({
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(toErrorBody('a string')).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(toErrorBody(null)).toEqual({ statusCode: 500, message: 'Internal server error' });
  });
});

describe('resolveRequestId', () => {
  it('reuses a safe incoming id and replaces a missing or unsafe one', () => {
    expect(resolveRequestId('req-1')).toBe('req-1');
    expect(resolveRequestId(['first', 'second'])).toBe('first');
    expect(resolveRequestId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(resolveRequestId('x'.repeat(200))).toHaveLength(36);
    expect(resolveRequestId('line\nbreak')).toHaveLength(36);
  });
});
