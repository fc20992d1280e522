import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-bone-200 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-blood-400" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
