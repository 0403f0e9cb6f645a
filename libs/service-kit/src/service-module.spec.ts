import { Controller, Get, Inject, Module, UseGuards } from '@nestjs/common';
import { JwtAuthGuard } from '@portal/auth';
import { closedPort, type ServiceHarness, startServiceHarness } from '@portal/testing';
import { type PlatformConfig, serviceRootModule } from './service-module';

interface ProbeConfig extends PlatformConfig {
  greeting: string;
}

const PROBE_CONFIG = Symbol('PROBE_CONFIG');
const GREETING = Symbol('GREETING');

@Controller('api/probe')
class ProbeController {
  constructor(
    @Inject(PROBE_CONFIG) private readonly config: { greeting: string },
    @Inject(GREETING) private readonly greeting: string,
  ) {}

  @Get()
  read(): { config: string; value: string } {
    return { config: this.config.greeting, value: this.greeting };
  }

  @Get('signed-in')
  @UseGuards(JwtAuthGuard)
  signedIn(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeFeature {}

const ProbeService = serviceRootModule<ProbeConfig>('service-kit', {
  configToken: PROBE_CONFIG,
  database: (url) => ({ url }),
  features: [ProbeFeature],
  provide: (config) => [{ provide: GREETING, useValue: config.greeting }],
});

describe('serviceRootModule', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    const identityUrl = `http://127.0.0.1:${await closedPort()}`;
    harness = await startServiceHarness({
      name: 'service-kit',
      migrations: [],
      createModule: ({ databaseUrl, natsUrl }) =>
        ProbeService.forRoot({ databaseUrl, natsUrl, identityUrl, greeting: 'hello' }),
    });
  });

  afterAll(() => harness?.close());

  it('serves /health: the database up, NATS not configured', async () => {
    const response = await fetch(`${harness.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: 'up', nats: 'not-configured' },
    });
  });

  it("provides the service's config and values to every feature", async () => {
    const response = await fetch(`${harness.baseUrl}/api/probe`);
    expect(await response.json()).toEqual({ config: 'hello', value: 'hello' });
  });

  it("verifies access tokens with identity's keys when given identity's URL", async () => {
    const response = await fetch(`${harness.baseUrl}/api/probe/signed-in`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, message: 'Authentication required' });
  });
});
