import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type AliasedRawBuilder,
  type Compilable,
  type CompiledQuery,
} from 'kysely';
import type { DB } from './schema.js';

/**
 * Repositories build their queries with Kysely over the tables' generated row types (schema.ts, `npm
 * run db:types`), so a query's answer is typed by the compiler from the schema, not asserted. This
 * instance only compiles: it never connects. BaseRepository runs what it compiles through TypeORM's
 * manager, inside the transaction open at the time (docs/decisions/045-typed-queries-with-kysely.md).
 */
export const queryBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export type QueryBuilder = typeof queryBuilder;

/** The PostgreSQL element types an unnest() column may take. */
export type ArrayElementType = 'int' | 'bigint' | 'text' | 'uuid' | 'boolean' | 'timestamptz';

/**
 * A table from parallel arrays, one parameter per column (`unnest($1::int[], $2::text[]) AS alias(a, b)`):
 * a batch of any size in one statement whose text does not change with the batch's size. Each column's
 * type is its array's element type.
 */
export function unnest<A extends string, C extends Record<string, readonly unknown[]>>(
  alias: A,
  columns: { [K in keyof C]: [ArrayElementType, C[K]] },
): AliasedRawBuilder<{ [K in keyof C]: C[K][number] }, A> {
  const names = Object.keys(columns);
  const arrays = sql.join(names.map((name) => sql`${columns[name][1]}::${sql.raw(columns[name][0])}[]`));
  return sql<{ [K in keyof C]: C[K][number] }>`unnest(${arrays})`.as<A>(sql`${sql.ref(alias)}(${sql.join(names.map((n) => sql.ref(n)))})`);
}

/** Stands for the argument at `index` while a prepared query is built. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query whose text does not depend on its arguments, built and compiled once: `build` runs a single
 * time with placeholders for its arguments, and each call only puts the arguments in their places.
 * Building a query costs tens of microseconds, which a statement run a hundred times a second (the
 * vote path) should not pay each time. `build` must pass each argument on as a value (a parameter),
 * never look inside it, and `arity` is how many arguments it takes.
 */
export function prepared<A extends unknown[], O>(arity: A['length'], build: (...args: A) => Compilable<O>): (...args: A) => Compilable<O> {
  const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i)) as unknown as A;
  const compiled = build(...placeholders).compile();
  const slots = compiled.parameters.map((p) => (p instanceof Placeholder ? p.index : -1));
  const unused = placeholders.findIndex((_, i) => !slots.includes(i));
  if (unused >= 0) throw new Error(`A prepared query does not use its argument ${unused}: ${compiled.sql}`);
  return (...args) => ({
    compile: (): CompiledQuery<O> => ({ ...compiled, parameters: compiled.parameters.map((p, i) => (slots[i] >= 0 ? args[slots[i]] : p)) }),
  });
}

/** The current contest's id, as a subquery (null when no contest is current): the one way to ask for it. */
export const currentContestId = () => queryBuilder.selectFrom('contests').select('id').where('is_current', '=', true);
