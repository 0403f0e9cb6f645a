import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that tells the client when to come back: `JsonExceptionFilter` sends it as `Retry-After`. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** A wait as a person reads it in a 429's message: "1 minute", "7 minutes" (rounded up, at least 1). */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
