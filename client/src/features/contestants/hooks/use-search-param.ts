// A search box whose text goes to the address (?q=) once the user pauses; a new search starts at
// page 1, and an outside change of the address (a nav link, Back) shows up in the box.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** [text in the box, setter, the query in the address]. */
export function useSearchParam(): [string, (value: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [text, setText] = useState(urlQ);
  const settled = useDebouncedValue(text.trim());
  const seenUrlQ = useRef(urlQ);
  const settledOnce = useRef(false);

  useEffect(() => {
    if (urlQ === seenUrlQ.current) return;
    seenUrlQ.current = urlQ;
    if (urlQ !== settled) setText(urlQ);
    // Only an address change should pull text into the box, not every keystroke.
  }, [urlQ]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!settledOnce.current) {
      settledOnce.current = true;
      return;
    }
    setParams(
      (current) => {
        if ((current.get('q') ?? '') === settled) return current;
        const copy = new URLSearchParams(current);
        if (settled) copy.set('q', settled);
        else copy.delete('q');
        copy.delete('page');
        seenUrlQ.current = settled;
        return copy;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  return [text, setText, urlQ];
}
