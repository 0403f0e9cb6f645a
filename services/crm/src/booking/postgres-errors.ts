/** PostgreSQL's SQLSTATE (and constraint) of a failed query, as TypeORM's QueryFailedError carries them. */
export function isPostgresError(error: unknown, code: string, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as {
    code?: unknown;
    constraint?: unknown;
    driverError?: { code?: unknown; constraint?: unknown };
  };
  const actualCode = failure.driverError?.code ?? failure.code;
  const actualConstraint = failure.driverError?.constraint ?? failure.constraint;
  return actualCode === code && (constraint === undefined || actualConstraint === constraint);
}
