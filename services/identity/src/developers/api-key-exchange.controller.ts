import { Body, Controller, Header, HttpCode, HttpStatus, Post, UnauthorizedException } from '@nestjs/common';
import { type ApiKeyExchangeResponse, apiKeyExchangeRequestSchema, apiKeyMessages } from '@portal/contracts';
import { ApiKeysService } from './api-keys.service';

/**
 * The gateway's key exchange (ADR 0199, 0200): outside `/api`, so the gateway never routes it from
 * outside. One answer for every refused key, malformed (or no key at all), unknown, revoked or
 * expired: 401 `apiKeyMessages.invalidKey`.
 */
@Controller('internal/api-keys')
export class ApiKeyExchangeController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post('exchange')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  async exchange(@Body() body: unknown): Promise<ApiKeyExchangeResponse> {
    const request = apiKeyExchangeRequestSchema.safeParse(body);
    const answer = request.success ? await this.keys.exchange(request.data.key) : null;
    if (!answer) throw new UnauthorizedException(apiKeyMessages.invalidKey);
    return answer;
  }
}
