import { sql, type SQL } from 'drizzle-orm';

/** A value in a condition: the value itself (a parameter), or a named placeholder of a statement built once. */
export type Bound = SQL | string | number;
export type Bind = (name: string, value: string | number) => Bound;
export const asValue: Bind = (_name, value) => value;
export const asPlaceholder: Bind = (name) => sql`${sql.placeholder(name)}`;
