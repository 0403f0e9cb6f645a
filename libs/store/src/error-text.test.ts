import { errorText, toApiError } from './error-text';
import { serverMessage } from './server-message';

describe('errorText', () => {
  it('is the status, a colon and a space, then the body text', () => {
    expect(errorText(409, 'Email already registered', 'Conflict')).toBe('409: Email already registered');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(errorText(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
});

describe('toApiError', () => {
  const response = (status: number, statusText: string) => new Response(null, { status, statusText });

  it('keeps a JSON body as its text and the server message readable', () => {
    const error = toApiError(
      { status: 401, data: { statusCode: 401, message: 'Invalid email or password' } },
      response(401, 'Unauthorized'),
    );
    expect(error.message).toBe('401: {"statusCode":401,"message":"Invalid email or password"}');
    expect(serverMessage(error)).toBe('Invalid email or password');
  });

  it('uses the status text for an empty body', () => {
    expect(toApiError({ status: 503, data: null }, response(503, 'Service Unavailable')).message).toBe(
      '503: Service Unavailable',
    );
  });

  it('keeps a non-JSON body as text', () => {
    const error = toApiError(
      { status: 'PARSING_ERROR', originalStatus: 500, data: 'upstream exploded', error: 'SyntaxError' },
      response(500, 'Internal Server Error'),
    );
    expect(error).toMatchObject({ status: 500, message: '500: upstream exploded' });
    expect(serverMessage(error)).toBeUndefined();
  });

  it('reports a network failure as such', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).message).toBe(
      'TypeError: Failed to fetch',
    );
  });
});
