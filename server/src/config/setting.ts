// What each environment variable means, kept on the variable's schema itself (zod metadata): the
// configuration guide's tables and `.env.example` are drawn from it (config-reference.ts), so the
// three can never tell different stories.
import type { z } from 'zod';

/** The groups the settings are listed in, in this order. */
export const SECTIONS = {
  server: 'Server',
  database: 'Database',
  scaled: 'Scaled mode',
  signIn: 'Sign-in and limits',
  votes: 'Free votes and vote review',
  mail: 'E-mail',
  contests: 'Contests and live standings',
  payments: 'Payments',
  operations: 'Operations',
  seeding: 'Seeding',
} as const;

export type Section = keyof typeof SECTIONS;

export interface SettingInfo {
  section: Section;
  /** What it does, in Markdown (backticks and relative links into docs/). */
  doc: string;
  /** The default as the guide shows it, when it is not a plain value (generated, derived from another setting). */
  shown?: string;
  /** The value `.env.example` writes, when the schema's default is not that value (a flag whose default is computed). */
  example?: string;
}

/** The schema with its meaning attached; the schema's behaviour is unchanged. */
export function setting<S extends z.ZodType>(schema: S, info: SettingInfo): S {
  return schema.meta({ setting: info }) as S;
}

/** The meaning attached by setting(), or null. */
export function settingInfo(schema: z.ZodType): SettingInfo | null {
  const meta = schema.meta() as { setting?: SettingInfo } | undefined;
  return meta?.setting ?? null;
}

/**
 * The variable's default as the environment would spell it (the value before any transform), or
 * undefined when it has none.
 */
export function envDefault(schema: z.ZodType): string | undefined {
  const def = schema._zod.def as { type: string; defaultValue?: unknown; in?: z.ZodType; innerType?: z.ZodType };
  if (def.type === 'default') return String(def.defaultValue);
  if (def.type === 'pipe' && def.in) return envDefault(def.in);
  return undefined;
}
