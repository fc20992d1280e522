/** How full something is (a group: contestants out of its capacity). */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      className="h-2 w-full overflow-hidden rounded-full bg-night-700"
    >
      <div className={`h-full rounded-full ${percent >= 100 ? 'bg-blood-500' : 'bg-emerald-500'}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
