import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';

const english = z.locales.en();

/**
 * zod's default messages, prefixed with the field path ("age: Invalid input: expected number").
 * A message written in the schema (e.g. 'Name is required') takes precedence and stays verbatim.
 */
const pathPrefixedDefaults: z.core.$ZodErrorMap = (issue) => {
  const found = english.localeError(issue);
  const message = typeof found === 'string' ? found : (found?.message ?? 'Invalid input');
  const path = (issue.path ?? []).map(String).join('.');
  return path ? `${path}: ${message}` : message;
};

/**
 * Validates and transforms a route argument with a zod schema: `@Body(new ZodValidationPipe(schema))`,
 * or installed globally to validate `@Body({ schema })` / `@Query({ schema })` (Nest 12 metadata).
 * A failure is a 400 whose message is the first issue's message.
 */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  constructor(private readonly schema?: z.ZodType) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = this.schema ?? zodSchemaOf(metadata);
    if (!schema) return value;
    const result = schema.safeParse(value, { error: pathPrefixedDefaults });
    if (!result.success) throw new BadRequestException(result.error.issues[0]?.message ?? 'Invalid input');
    return result.data;
  }
}

function zodSchemaOf(metadata: ArgumentMetadata): z.ZodType | undefined {
  const schema = (metadata as { schema?: unknown }).schema;
  return schema instanceof z.ZodType ? schema : undefined;
}
