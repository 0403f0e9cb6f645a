/**
 * Declares the test that a service mounts the shared health check (libs/events'
 * ServiceHealthModule, tested in full through identity): `GET /health`, without a token, answers
 * 200 ok with the database up and NATS not configured.
 */
export function itMountsTheHealthCheck(baseUrl: () => string): void {
  it('mounts the health check: 200 ok without a token, the database up, NATS not configured', async () => {
    const response = await fetch(`${baseUrl()}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: 'up', nats: 'not-configured' },
    });
  });
}
