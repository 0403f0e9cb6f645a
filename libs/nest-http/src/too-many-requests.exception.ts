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
