import { useEffect, useState } from 'react';
import { call, problemText } from '../api';

/** The first page of a list the dashboard API answers as `{ data }`: its items once loaded, or the problem's words. */
export function useFirstPage<T>(path: string): { items: T[] | undefined; error: string | null } {
  const [items, setItems] = useState<T[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call<{ data: T[] }>('GET', path)
      .then((page) => setItems(page.data))
      .catch((e: unknown) => setError(problemText(e)));
  }, [path]);
  return { items, error };
}
