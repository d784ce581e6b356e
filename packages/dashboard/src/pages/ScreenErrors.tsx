import type { ProblemError } from '../api';

/** The fields of the screener form a problem's `pointer` can name, as the form labels them. */
const SCREEN_FIELDS = {
  where: 'Condition',
  sort: 'Sort',
  limit: 'Limit',
  tickers: 'Tickers',
} as const;

export type ScreenField = keyof typeof SCREEN_FIELDS;

/** The form field a pointer such as `/query/where` names, if it is one of the form's. */
export function fieldOf(pointer: string): ScreenField | undefined {
  const name = pointer.split('/').at(-1) ?? '';
  return name in SCREEN_FIELDS ? (name as ScreenField) : undefined;
}

/** `text` with the offending span of `e` marked (a zero-length span, at the end, as a marked space). */
function Located({ text, e }: { text: string; e: ProblemError & { offset: number } }) {
  const end = e.offset + (e.length ?? 0);
  return (
    <code className="located" data-testid="located">
      {text.slice(0, e.offset)}
      <mark>{end > e.offset ? text.slice(e.offset, end) : ' '}</mark>
      {text.slice(end)}
    </code>
  );
}

/**
 * A refused screen's errors (422 validation_failed): each error's words, the expression as it was run
 * with the offending text marked, and a suggested name as a button that puts it in place. The marks and
 * fixes refer to the text that was run, so once a field is edited its fixes are withdrawn until the next
 * run.
 */
export function ScreenErrors({
  errors,
  ran,
  edited,
  onFix,
}: {
  errors: readonly ProblemError[];
  /** The texts of the run the errors are about. */
  ran: Readonly<Record<ScreenField, string>>;
  /** Whether a field differs from `ran` now. */
  edited: (field: ScreenField) => boolean;
  onFix: (field: ScreenField, text: string, selection: readonly [number, number]) => void;
}) {
  return (
    <div className="card notice screen-errors" role="alert" id="screen-errors" data-testid="screen-errors">
      <p>
        <strong>
          The screen was not run: {errors.length === 1 ? 'one problem' : `${errors.length} problems`}.
        </strong>
      </p>
      <ul>
        {errors.map((e) => {
          const field = fieldOf(e.pointer);
          const text = field === undefined ? '' : ran[field];
          const located = field === 'where' || field === 'sort' ? e.offset : undefined;
          return (
            <li key={`${e.pointer}:${e.offset ?? ''}:${e.detail}`}>
              <span className="muted">{field === undefined ? e.pointer : SCREEN_FIELDS[field]}:</span>{' '}
              {e.detail}
              {located !== undefined && field !== undefined && located <= text.length && (
                <>
                  <br />
                  <Located text={text} e={{ ...e, offset: located }} />
                </>
              )}
              {e.suggestion !== undefined &&
                located !== undefined &&
                field !== undefined &&
                !edited(field) && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link"
                      onClick={() => {
                        const end = located + (e.length ?? 0);
                        onFix(field, text.slice(0, located) + e.suggestion + text.slice(end), [
                          located,
                          located + (e.suggestion?.length ?? 0),
                        ]);
                      }}
                    >
                      Use {e.suggestion}
                      {e.token === undefined || e.token === '' ? '' : ` instead of ${e.token}`}
                    </button>
                  </>
                )}
            </li>
          );
        })}
      </ul>
      {(['where', 'sort'] as const).some(edited) && (
        <p className="muted">Edited since this run: run it again to check.</p>
      )}
    </div>
  );
}
