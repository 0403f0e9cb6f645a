import { z } from 'zod';

/** The environment failed validation; `problems` has one line per variable, naming it. */
export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

const english = z.locales.en();

const describeIssue: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required but not set';
  const found = english.localeError(issue);
  return typeof found === 'string' ? found : (found?.message ?? 'is invalid');
};

/** Validates `env` against `schema`; throws EnvValidationError naming every bad or missing variable. */
export function parseEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env, { error: describeIssue });
  if (result.success) return result.data;
  throw new EnvValidationError(
    result.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(environment)'}: ${issue.message}`,
    ),
  );
}

/**
 * For a process's boot: like parseEnv, but a bad configuration prints the problems to stderr and
 * stops the process with exit code 1.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseEnv(schema, env);
  } catch (error) {
    if (!(error instanceof EnvValidationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
