import type { DataSource } from 'typeorm';

/** `select 1` within `timeoutMs`: true when the database answers, false on error or timeout. */
export async function checkDatabase(dataSource: DataSource, timeoutMs = 1000): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = dataSource.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
