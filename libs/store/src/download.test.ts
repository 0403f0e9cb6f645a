import { downloadFile } from './download';

describe('downloadFile', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    localStorage.setItem('token', 'member-token');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href} ${String(this.isConnected)}`);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('reads the file with the bearer token and saves the blob under the name given', async () => {
    const fetched = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    await downloadFile('/api/user/orders/1/invoice', 'INV-000001.pdf');
    const [path, init] = fetched.mock.calls[0]!;
    expect(path).toBe('/api/user/orders/1/invoice');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer member-token');
    expect(saved).toEqual(['INV-000001.pdf blob:file true']);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('rejects with the status and the message of a JSON refusal, or the text of another', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response('{"statusCode":404,"message":"Attachment not found"}', { status: 404 }),
      )
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(downloadFile('/a', 'a.png')).rejects.toThrow('404: Attachment not found');
    await expect(downloadFile('/b', 'b.png')).rejects.toThrow('502: Bad gateway');
    expect(saved).toEqual([]);
  });
});
