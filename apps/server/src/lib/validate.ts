import { genericMessages } from '@erp/shared';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors.ts';

/** Deepest nesting of objects and arrays accepted in any request input. */
export const MAX_INPUT_DEPTH = 32;

export const inputMessages = {
  nul: 'Contém um caractere inválido.',
  tooDeep: `Estrutura aninhada demais (no máximo ${MAX_INPUT_DEPTH} níveis).`,
} as const;

/** At most this many field errors are reported for one input (a hostile body may hold thousands). */
const MAX_REPORTED = 20;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/**
 * What no schema may let through, whatever it declares: a NUL character in any string or key
 * (PostgreSQL text refuses it) and nesting deeper than MAX_INPUT_DEPTH (recursive code — zod,
 * JSON.stringify — would overflow the stack). Walked iteratively, so the walk itself never can.
 */
function unsafeInputErrors(value: unknown): FieldErrors | null {
  const fields: FieldErrors = {};
  let reported = 0;
  const add = (path: string[], message: string) => {
    if (reported >= MAX_REPORTED) return;
    const key = path.length ? path.join('.') : '_';
    if (!fields[key]) reported++;
    fields[key] = [...(fields[key] ?? []), message];
  };
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length && reported < MAX_REPORTED) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) add(path, inputMessages.nul);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      add(path, inputMessages.tooDeep);
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      const key = k.replaceAll('\u0000', '\uFFFD');
      if (k !== key) add([...path, key], inputMessages.nul);
      stack.push({ v: child, path: [...path, key] });
    }
  }
  return reported ? fields : null;
}

/**
 * The one validation step of every request input (body, query, path, or a value a route parsed
 * itself): refuses unsafe input, then applies the shared zod schema. Failures are 400
 * validation_failed with pt-BR messages per field.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const unsafe = unsafeInputErrors(value);
  if (unsafe) throw new AppError('validation_failed', genericMessages.validation, { fields: unsafe });
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new AppError('validation_failed', genericMessages.validation, { fields: fieldErrorsOf(r.error) });
  }
  return r.data;
}

export type ValidatedTarget = 'json' | 'query' | 'param' | 'form';

/** A route-line validator carries its target and schema, so tests can enumerate what routes accept. */
export type Validates = { validates: { target: ValidatedTarget; schema: z.ZodType } };

/** Route-line validators: `app.post('/x', requires(...), jsonBody(schema), (c) => c.req.valid('json'))`. */
export const jsonBody = <T extends z.ZodType>(schema: T) =>
  Object.assign(
    validator('json', (value): z.output<T> => parseOrThrow(schema, value)),
    { validates: { target: 'json', schema } } satisfies Validates,
  );

export const queryParams = <T extends z.ZodType>(schema: T) =>
  Object.assign(
    validator('query', (value): z.output<T> => parseOrThrow(schema, value)),
    { validates: { target: 'query', schema } } satisfies Validates,
  );

/** A multipart form (a file upload): its fields (File objects for files) through the schema. */
export const formBody = <T extends z.ZodType>(schema: T) =>
  Object.assign(
    validator('form', (value): z.output<T> => parseOrThrow(schema, value)),
    { validates: { target: 'form', schema } } satisfies Validates,
  );

export const pathParams = <T extends z.ZodType>(schema: T) =>
  Object.assign(
    validator('param', (value): z.output<T> => parseOrThrow(schema, value)),
    { validates: { target: 'param', schema } } satisfies Validates,
  );
