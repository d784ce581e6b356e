/** A CSS custom property of the page's theme (`--text`, `--up`…), as the stylesheet sets it now. */
export const cssVar = (name: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();
