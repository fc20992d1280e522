// The one table style of the admin area. From the md breakpoint it is a table (scrolling sideways
// inside its frame when wider than the screen); below it every row becomes a card whose cells carry
// their column's name, so nothing hides off-screen on a phone.
import type { ReactNode, TdHTMLAttributes } from 'react';

export function Table({
  caption,
  columns,
  children,
  minWidth = 'md:min-w-[44rem]',
}: {
  caption: string;
  columns: ReactNode[];
  children: ReactNode;
  minWidth?: string;
}) {
  return (
    <div
      className="md:overflow-x-auto md:rounded-xl md:border md:border-night-700 md:bg-night-900/80 md:shadow-xl"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className={`block w-full ${minWidth} border-collapse text-left text-sm md:table`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-night-800 text-xs uppercase tracking-wider text-bone-400 md:table-header-group">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-4 md:table-row-group md:space-y-0 md:divide-y md:divide-night-700">{children}</tbody>
      </table>
    </div>
  );
}

/** A cell; `label` is the column's name, shown before the value on phones. */
export function Td({ label, className = '', ...rest }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  const mobileLabel = label
    ? 'before:mr-4 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:tracking-wider before:text-bone-400 before:content-[attr(data-label)] md:before:content-none'
    : '';
  return (
    <td
      data-label={label}
      className={`flex min-h-10 items-center justify-between gap-2 px-4 py-2 align-middle text-bone-200 md:table-cell md:min-h-0 md:py-3 ${mobileLabel} ${className}`}
      {...rest}
    />
  );
}

export const rowClass =
  'block rounded-xl border border-night-700 bg-night-900/90 py-2 shadow-lg transition-colors md:table-row md:rounded-none md:border-0 md:bg-transparent md:py-0 md:shadow-none md:hover:bg-night-800/60';
