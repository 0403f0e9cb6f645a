import { BadRequestException, HttpException, ServiceUnavailableException } from '@nestjs/common';
import { isDependencyUnavailable } from './dependency-unavailable';
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

describe('isDependencyUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    ['an unknown host', coded('ENOTFOUND')],
    [
      'PostgreSQL shutting down (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['PostgreSQL starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['too many connections (53300)', coded('53300')],
    ['a connection exception (08006)', coded('08006')],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a TypeORM QueryFailedError around one', Object.assign(new Error('q'), { driverError: coded('57P01') })],
    ['an error caused by one', new Error('wrapped', { cause: coded('ECONNREFUSED') })],
    ['every address of a host refusing', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
  ])('recognises %s', (_, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(toErrorBody(error, 'commerce')).toEqual({
      statusCode: 503,
      message: 'Service commerce is unavailable',
    });
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', coded('42601')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('leaves %s a 500', (_, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
    expect(toErrorBody(error, 'commerce').statusCode).toBe(500);
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
