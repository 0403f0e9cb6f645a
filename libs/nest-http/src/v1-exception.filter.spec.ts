import { type ArgumentsHost, ForbiddenException, Logger, NotFoundException } from '@nestjs/common';
import { apiErrorBodySchema } from '@portal/contracts';
import { TooManyRequestsException } from './too-many-requests.exception';
import { V1ExceptionFilter } from './v1-exception.filter';

/** What the filter wrote: status, headers and body. */
function answer(exception: unknown) {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const reply = {
    sent: false,
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    type() {
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const request = { id: 'req_filter_1', method: 'GET', url: '/v1/tickets' };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new V1ExceptionFilter().catch(exception, host);
  return { ...sent, body: apiErrorBodySchema.strict().parse(sent.body) };
}

describe('V1ExceptionFilter', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('answers an unexpected error as a 500 api_error without its internals', () => {
    const sent = answer(new Error('relation "secret_table" does not exist'));
    expect(sent.status).toBe(500);
    expect(sent.body.error).toMatchObject({
      type: 'api_error',
      code: 'internal_error',
      request_id: 'req_filter_1',
    });
    expect(JSON.stringify(sent.body)).not.toContain('secret_table');
  });

  it('answers a missing scope as permission_error missing_scope naming it', () => {
    const sent = answer(new ForbiddenException("This API key lacks the scope 'agents:read'."));
    expect(sent.status).toBe(403);
    expect(sent.body.error).toMatchObject({ type: 'permission_error', code: 'missing_scope' });
    expect(sent.body.error.message).toContain('agents:read');
  });

  it('answers a limit with rate_limit_error and Retry-After', () => {
    const sent = answer(new TooManyRequestsException('Too many', 61.2));
    expect(sent.status).toBe(429);
    expect(sent.headers['retry-after']).toBe('62');
    expect(sent.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('answers a database that cannot be reached as a 503 service_unavailable with Retry-After', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const sent = answer(down);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(sent.body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
  });

  it('answers an unknown route as route_not_found', () => {
    const sent = answer(new NotFoundException('Cannot GET /v1/nothing'));
    expect(sent.status).toBe(404);
    expect(sent.body.error).toMatchObject({ type: 'invalid_request_error', code: 'route_not_found' });
  });
});
