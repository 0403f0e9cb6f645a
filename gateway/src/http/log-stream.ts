/** Where pino writes: anything with `write(line)`. */
export interface LogStream {
  write(line: string): void;
}

export interface BatchedLogStream extends LogStream {
  /** Writes what is pending and stops listening for the process exit; later lines are written at once. */
  close(): void;
}

// Writes of up to PIPE_BUF bytes to a pipe are atomic: cluster workers sharing stdout never cut
// into each other's lines.
const maxChunk = 4096;

/**
 * Log lines gathered during one turn of the event loop and written together. Under load a turn
 * completes many requests, and one write(2) per access-log line was a tenth of the proxy's CPU.
 * Lines still pending when the process exits are written then (stdout is synchronous on Linux).
 */
export function batchedLogStream(out: LogStream = process.stdout): BatchedLogStream {
  let pending: string[] = [];
  let pendingLength = 0;
  let scheduled = false;
  let closed = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingLength = 0;
    out.write(chunk);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (closed) return out.write(line);
      if (pendingLength + line.length > maxChunk) flush();
      pending.push(line);
      pendingLength += line.length;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    close() {
      closed = true;
      process.off('exit', flush);
      flush();
    },
  };
}
