import { Component, type ReactNode } from 'react';

/**
 * Renders `fallback` instead of a section panel that throws (a report shaped differently from what the
 * panel expects), so one section never takes the page down with it.
 */
export class SectionBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
