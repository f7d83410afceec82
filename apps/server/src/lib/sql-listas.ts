import { type Column, type SQL, sql } from 'drizzle-orm';

// A list of ids as ONE parameter. drizzle's inArray() and a sql.join() of values bind a parameter
// per element: a statement with 100 ids took 0.23 ms to build (against 0.006 ms with an array), and
// an order of 100 items read its products, packagings, tax rules, prices and available stock that
// way on every save and every recalculation (issue 30's 100-item save), with PostgreSQL then binding
// 100 parameters each time. A uuid array literal is one text parameter.

/** A Postgres array literal of uuids (a parameter travels as text: '{a,b}'), for `= any($n::uuid[])`. */
export function arrayDeIds(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** `coluna = any($1::uuid[])` — false when there are no ids (every list of ids in a statement). */
export function umDosIds(coluna: Column | SQL, ids: readonly string[]): SQL {
  return sql`${coluna} = any(${arrayDeIds(ids)}::uuid[])`;
}
