import type { Report, Section } from '../api';

/** What every section panel is given: its section, and the whole report for context (e.g. the last close). */
export interface PanelProps {
  readonly section: Section;
  readonly report: Report;
}
