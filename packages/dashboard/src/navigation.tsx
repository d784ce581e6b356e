import { useEffect, useMemo, useState } from 'react';

const BASE = '/dashboard';

/** Client-side navigation inside /dashboard (`path` may carry a query: `/reports?ticker=VZN`). */
export function navigate(path: string): void {
  window.history.pushState(null, '', `${BASE}${path}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function usePath(): string {
  const [path, setPath] = useState(() => window.location.pathname.slice(BASE.length) || '/');
  useEffect(() => {
    const on = () => setPath(window.location.pathname.slice(BASE.length) || '/');
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  return path;
}

/** The query string of the address (`?tickers=VZN`), following navigation like usePath. */
export function useSearch(): URLSearchParams {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const on = () => setSearch(window.location.search);
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  return useMemo(() => new URLSearchParams(search), [search]);
}

export function Link({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <a
      href={`${BASE}${to}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
