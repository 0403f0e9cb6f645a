import { readFileSync } from 'node:fs';
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

/**
 * `env` with each variable of `names` that is given as a file (`<NAME>_FILE=/run/secrets/…`, as
 * Docker and Kubernetes mount secrets) read from it, one trailing newline dropped; and the problems of
 * those files (unreadable, or the variable set both ways).
 */
function withFileVariables(names: string[], env: NodeJS.ProcessEnv) {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`${name}_FILE: ${name} is set too; set one of them`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(
        `${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return { resolved, problems };
}

/**
 * Validates `env` against `schema`; throws EnvValidationError naming every bad or missing variable.
 * Any variable of the schema may instead come from a file named by `<NAME>_FILE`.
 */
export function parseEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const { resolved, problems } = withFileVariables(Object.keys(schema.shape), env);
  const result = schema.safeParse(resolved, { error: describeIssue });
  if (result.success && problems.length === 0) return result.data;
  throw new EnvValidationError([
    ...problems,
    ...(result.error?.issues ?? []).map(
      (issue) => `${issue.path.map(String).join('.') || '(environment)'}: ${issue.message}`,
    ),
  ]);
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
