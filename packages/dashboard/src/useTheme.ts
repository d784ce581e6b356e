import { useEffect, useState } from 'react';

const read = () => document.documentElement.dataset.theme ?? 'dark';

/** The page's theme (`dark` or `light`), following the toggle in the header: charts redraw in its colours. */
export function useTheme(): string {
  const [theme, setTheme] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
