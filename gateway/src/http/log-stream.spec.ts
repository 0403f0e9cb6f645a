import { setImmediate as nextTurn } from 'node:timers/promises';
import { batchedLogStream } from './log-stream';

describe('batchedLogStream', () => {
  it('writes the lines of one event-loop turn in a single write, in order', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (chunk) => writes.push(chunk) });
    stream.write('{"a":1}\n');
    stream.write('{"a":2}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    stream.write('{"a":3}\n');
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n', '{"a":3}\n']);
    stream.close();
  });

  it('never writes more than 4096 bytes at once unless a single line is longer', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (chunk) => writes.push(chunk) });
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 10; i++) stream.write(line);
    await nextTurn();
    expect(writes.map((chunk) => chunk.length)).toEqual([4000, 4000, 2000]);
    expect(writes.join('')).toBe(line.repeat(10));
    stream.close();
  });

  it('writes what is pending when closed', () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (chunk) => writes.push(chunk) });
    stream.write('last words\n');
    stream.close();
    expect(writes).toEqual(['last words\n']);
  });

  it('writes a line logged after closing at once: the process may exit before another turn', () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (chunk) => writes.push(chunk) });
    stream.close();
    stream.write('stopped\n');
    expect(writes).toEqual(['stopped\n']);
  });
});
