// Small labels for states (Active, Inactive, Current Contest, Group Full, Eliminated, ...).
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

const tones = {
  green: 'border-emerald-500/50 bg-emerald-950/60 text-emerald-300',
  red: 'border-blood-500/60 bg-blood-900/50 text-blood-300',
  gray: 'border-night-600 bg-night-800 text-bone-400',
  amber: 'border-amber-500/50 bg-amber-950/60 text-amber-300',
} as const;
export type BadgeTone = keyof typeof tones;

export const badgeClass = (tone: BadgeTone) =>
  `inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={badgeClass(tone)}>{children}</span>;
}

/** An Active/Inactive badge that is also the switch: clicking the status toggles it. */
export function StatusToggle({ active, subject, pending, onToggle }: { active: boolean; subject: string; pending?: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const label = active ? t`Active` : t`Inactive`;
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={pending}
      aria-label={active ? t`Active: deactivate ${subject}` : t`Inactive: activate ${subject}`}
      title={active ? t`Click to deactivate` : t`Click to activate`}
      className={`${badgeClass(active ? 'green' : 'gray')} cursor-pointer hover:brightness-125 focus-visible:outline-3 focus-visible:outline-blood-400 disabled:cursor-wait disabled:opacity-60`}
    >
      {label}
    </button>
  );
}
