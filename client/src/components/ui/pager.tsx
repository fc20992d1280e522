// Page navigation: previous, at most five page numbers around the current one, next.
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const MAX_NUMBERS = 5;

/** The page numbers to show: a window of up to five, the current one as central as it can be. */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = Math.min(MAX_NUMBERS, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(MAX_NUMBERS / 2), pageCount - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

const cell =
  'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-blood-400 disabled:cursor-not-allowed disabled:opacity-40';

export function Pager({
  page,
  pageCount,
  onPageChange,
  label,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation's name; 'Pagination' unless said. */
  label?: string;
}) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label ?? t`Pagination`} className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          <button
            type="button"
            aria-label={t`Previous page`}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            className={`${cell} border-night-600 text-bone-200 hover:border-blood-400`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
        </li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-label={t`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPageChange(n)}
              className={`${cell} ${n === page ? 'border-blood-500 bg-blood-600 text-bone-50' : 'border-night-600 text-bone-200 hover:border-blood-400'}`}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-label={t`Next page`}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
            className={`${cell} border-night-600 text-bone-200 hover:border-blood-400`}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
