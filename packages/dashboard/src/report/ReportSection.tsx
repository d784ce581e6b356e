import type { Report, Section } from '../api';
import { GenericValue } from './GenericValue';
import { SectionBoundary } from './SectionBoundary';
import { SECTION_PANELS } from './section-panels';
import { SECTION_TITLES } from './section-titles';

/** Members every section carries besides its numbers (shown as provenance, not as data). */
const META = new Set(['as_of', 'adjustment', 'source', 'data_through', 'parameters', 'narrative']);

/** A section's numbers through the generic renderer. */
function Generic({ section }: { section: Section }) {
  return (
    <div className="generic" data-generic="">
      <GenericValue v={Object.fromEntries(Object.entries(section).filter(([k]) => !META.has(k)))} />
    </div>
  );
}

/**
 * One report section: heading, narrative, its panel (or the generic renderer for a section the viewer
 * does not know, or whose panel cannot draw it), and its parameters and provenance on request.
 */
export function ReportSection({ name, section, report }: { name: string; section: Section; report: Report }) {
  const Panel = SECTION_PANELS[name];
  const generic = <Generic section={section} />;
  return (
    <section
      id={`section-${name}`}
      className="card"
      data-section={name}
      data-panel={Panel === undefined ? 'generic' : name}
      aria-labelledby={`section-${name}-title`}
    >
      <h2 id={`section-${name}-title`}>{SECTION_TITLES[name] ?? name.replaceAll('_', ' ')}</h2>
      {typeof section.narrative === 'string' && <p>{section.narrative}</p>}
      {Panel === undefined ? (
        generic
      ) : (
        <SectionBoundary fallback={generic}>{<Panel section={section} report={report} />}</SectionBoundary>
      )}
      <details className="provenance">
        <summary>Parameters and provenance</summary>
        <GenericValue
          v={{
            ...(section.parameters ?? {}),
            data_through: section.data_through,
            as_of: section.as_of,
            adjustment: section.adjustment,
            source: section.source,
          }}
        />
      </details>
    </section>
  );
}
