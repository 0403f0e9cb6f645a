import { isRefusedAddress, resolveWebhookUrl, WebhookUrlRefusal } from './webhook-url-guard';

const refusal = (url: string, allowPrivate = false) =>
  resolveWebhookUrl(url, { allowPrivate }).then(
    () => 'allowed',
    (error: unknown) => (error instanceof WebhookUrlRefusal ? error.reason : `threw ${String(error)}`),
  );

describe('webhook URL guard (SSRF)', () => {
  it.each([
    ['127.0.0.1'],
    ['127.1.2.3'],
    ['10.0.0.1'],
    ['172.16.0.1'],
    ['172.31.255.255'],
    ['192.168.1.1'],
    ['100.64.0.1'],
    ['169.254.169.254'],
    ['169.254.1.1'],
    ['0.0.0.0'],
    ['255.255.255.255'],
    ['224.0.0.1'],
    ['::1'],
    ['::'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['ff02::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::10.0.0.1'],
    ['fd00:ec2::254'],
  ])('refuses %s by default', (address) => {
    expect(isRefusedAddress(address, false)).toBe(true);
  });

  it.each([['93.184.215.14'], ['8.8.8.8'], ['172.32.0.1'], ['2606:4700::1111'], ['::ffff:8.8.8.8']])(
    'allows the public address %s',
    (address) => {
      expect(isRefusedAddress(address, false)).toBe(false);
    },
  );

  it('allows loopback and private targets with WEBHOOK_ALLOW_PRIVATE_URLS, never metadata, unspecified or multicast', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd12::1'])
      expect(isRefusedAddress(address, true)).toBe(false);
    for (const address of [
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      'fd00:ec2::254',
      '100.100.100.200',
    ])
      expect(isRefusedAddress(address, true)).toBe(true);
  });

  it('refuses URLs to 127.0.0.1, 10.0.0.1, 169.254.169.254, [::1] and a name resolving to loopback', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook')).toBe('refused');
    expect(await refusal('https://10.0.0.1/hook')).toBe('refused');
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe('refused');
    expect(await refusal('http://[::1]:3000/hook')).toBe('refused');
    expect(await refusal('http://[::ffff:127.0.0.1]/hook')).toBe('refused');
    expect(await refusal('http://localhost:3000/hook')).toBe('refused');
    // Numeric spellings of loopback are read as the URL standard reads them.
    expect(await refusal('http://2130706433/hook')).toBe('refused');
    expect(await refusal('http://0x7f.1/hook')).toBe('refused');
  });

  it('refuses a name when any of its addresses is refused, and says when it does not resolve', async () => {
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '10.1.2.3', family: 4 as const },
    ];
    await expect(
      resolveWebhookUrl('https://hooks.example.com/x', { allowPrivate: false, resolve: mixed }),
    ).rejects.toMatchObject({
      reason: 'refused',
    });
    expect(await refusal('https://no-such-host.invalid/hook')).toBe('unresolvable');
    const publicOnly = async () => [{ address: '93.184.215.14', family: 4 as const }];
    await expect(
      resolveWebhookUrl('https://hooks.example.com/x', { allowPrivate: false, resolve: publicOnly }),
    ).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(await refusal('http://localhost:3000/hook', true)).toBe('allowed');
  });
});
