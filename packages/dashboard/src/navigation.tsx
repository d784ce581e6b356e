import { useEffect, useState } from 'react';

const BASE = '/dashboard';

/** Client-side navigation inside /dashboard. */
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
