import { genericMessages } from '@erp/shared';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors.ts';

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new AppError('validation_failed', genericMessages.validation, { fields: fieldErrorsOf(r.error) });
  }
  return r.data;
}

/** Route-line validators: `app.post('/x', requires(...), jsonBody(schema), (c) => c.req.valid('json'))`. */
export const jsonBody = <T extends z.ZodType>(schema: T) =>
  validator('json', (value): z.output<T> => parseOrThrow(schema, value));

export const queryParams = <T extends z.ZodType>(schema: T) =>
  validator('query', (value): z.output<T> => parseOrThrow(schema, value));

export const pathParams = <T extends z.ZodType>(schema: T) =>
  validator('param', (value): z.output<T> => parseOrThrow(schema, value));
