// Lints a probe: source text linted as if it were a file at a given path, with the project's config.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** The rules that read types (eslint.config.js): they need a file TypeScript's projects know. */
const TYPED_RULES = ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises', '@typescript-eslint/switch-exhaustiveness-check'];

/**
 * Lints `source` as if it were the file at `file`. Without `typed`, the file need not exist: the rules
 * that read types are left out, since a project knows only the files on disk. With `typed`, `file` must
 * be one of a project's files; `source` stands in for its text in this run only.
 */
export function lint(file: string, source: string, { typed = false } = {}): LintMessage[] {
  const untyped = typed ? [] : ['--parser-options', 'projectService:false', ...TYPED_RULES.flatMap((rule) => ['--rule', `${rule}: off`])];
  const run = spawnSync(
    process.execPath,
    [path.resolve('node_modules/eslint/bin/eslint.js'), ...untyped, '--stdin', '--stdin-filename', file, '--format', 'json'],
    {
      input: source,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`eslint failed to run: ${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result.messages;
}

export const rules = (messages: LintMessage[]) => messages.map((m) => m.ruleId);
