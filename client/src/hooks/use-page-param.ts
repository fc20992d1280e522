// The page of a paged list lives in the address (?page=), so Back and reload keep it.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [page, setPage];
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
