// An accordion after the WAI-ARIA pattern: each question is a real button inside a heading, with
// aria-expanded and aria-controls naming its answer (a region labelled by the question). At most one
// answer is open: opening one closes the other, and clicking the open one closes it.
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const base = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="divide-y divide-night-700 overflow-hidden rounded-xl border border-night-700 bg-night-900/80">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${base}-q-${item.id}`;
        const regionId = `${base}-a-${item.id}`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={regionId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-bone-50 hover:bg-night-800 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-blood-400"
              >
                <span className="min-w-0 break-words">{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-blood-400 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div id={regionId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5 text-bone-200">
              {open ? item.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
