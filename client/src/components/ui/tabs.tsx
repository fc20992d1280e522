// Tabs after the WAI-ARIA tabs pattern: a tablist of real buttons (role=tab, aria-selected,
// aria-controls), one tabpanel per tab labelled by its tab, and a roving tabindex: only the selected
// tab is in the Tab order, Left/Right move between tabs (wrapping), Home/End go to the first/last, and
// moving selects (automatic activation). Only the selected panel's content is mounted, so whatever it
// holds (an open accordion answer) starts afresh when its tab is chosen again.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps<Id extends string> {
  items: readonly TabItem<Id>[];
  /** The tablist's accessible name. */
  label: string;
  /** Controlled selection; without it the tabs keep their own, starting at `defaultValue` or the first. */
  value?: Id;
  defaultValue?: Id;
  onChange?: (id: Id) => void;
  className?: string;
}

const tabClass = (selected: boolean) =>
  `rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blood-400 ${
    selected ? 'bg-blood-600 text-bone-50' : 'text-bone-200 hover:bg-night-800 hover:text-bone-50'
  }`;

export function Tabs<Id extends string>({ items, label, value, defaultValue, onChange, className = '' }: TabsProps<Id>) {
  const base = useId();
  const [own, setOwn] = useState<Id | undefined>(defaultValue);
  const selected = value ?? own ?? items[0]?.id;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  const select = (id: Id, focus = false) => {
    if (value === undefined) setOwn(id);
    if (id !== selected) onChange?.(id);
    if (focus) refs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    select(items[next].id, true);
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="grid grid-cols-2 gap-1 rounded-lg border border-night-700 bg-night-900/80 p-1 sm:flex sm:flex-wrap"
      >
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={tabClass(isSelected)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!isSelected}
            tabIndex={0}
            className="mt-6 rounded-md focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-blood-400"
          >
            {isSelected ? item.panel : null}
          </div>
        );
      })}
    </div>
  );
}
