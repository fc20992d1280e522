// An admin list's select filters, kept in the address (?status=&provider=…): a value that is not
// one of its key's choices is no filter, and a new filter starts the list at page 1.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

type Choices = Record<string, readonly string[]>;
export type FilterOf<C extends Choices> = { [K in keyof C]?: C[K][number] };

/** [the filter now in the address, set one key ('' clears it)]. */
export function useFilterParams<C extends Choices>(choices: C): [FilterOf<C>, (key: keyof C & string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const filter: FilterOf<C> = {};
  for (const key of Object.keys(choices) as (keyof C & string)[]) {
    const value = params.get(key);
    if (value !== null && choices[key]!.includes(value)) filter[key] = value;
  }
  const setFilter = useCallback(
    (key: keyof C & string, value: string) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (value) copy.set(key, value);
        else copy.delete(key);
        copy.delete('page');
        return copy;
      }),
    [setParams],
  );
  return [filter, setFilter];
}
