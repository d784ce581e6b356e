/**
 * Requests used against a limit as a bar: a track that shows on both themes and a fill whose width is
 * the share used (13 of 500 fills 2.6 % of it). The browser's own meter drew a white track on the dark
 * theme, so a nearly empty meter looked full. The numbers beside it say the same in words.
 */
export function UsageMeter({ used, limit, label }: { used: number; limit: number; label: string }) {
  const share = limit > 0 ? Math.min(1, Math.max(0, used / limit)) : 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the native <meter> draws its track in the browser's own colours (white on the dark theme) and its parts cannot be styled alike in every browser
    <div
      className="meter"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={used}
      data-testid="usage-meter"
    >
      <div className="meter-fill" style={{ width: `${share * 100}%` }} />
    </div>
  );
}
