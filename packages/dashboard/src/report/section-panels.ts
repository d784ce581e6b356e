import type { ComponentType } from 'react';
import type { PanelProps } from './panel-props';
import { IndicatorPanel } from './panels/IndicatorPanel';
import { LevelsPanel } from './panels/LevelsPanel';
import { MicrostructurePanel } from './panels/MicrostructurePanel';
import { MomentumPanel } from './panels/MomentumPanel';
import { PatternsPanel } from './panels/PatternsPanel';
import { PeersPanel } from './panels/PeersPanel';
import { RiskPanel } from './panels/RiskPanel';
import { ScenariosPanel } from './panels/ScenariosPanel';
import { SentimentPanel } from './panels/SentimentPanel';
import { SignalPanel } from './panels/SignalPanel';
import { SnapshotPanel } from './panels/SnapshotPanel';
import { TrendPanel } from './panels/TrendPanel';
import { VerdictPanel } from './panels/VerdictPanel';
import { VolatilityPanel } from './panels/VolatilityPanel';

/** The panel of each known report section; a section without one is drawn by the generic renderer. */
export const SECTION_PANELS: Readonly<Record<string, ComponentType<PanelProps>>> = {
  snapshot: SnapshotPanel,
  trend: TrendPanel,
  momentum: MomentumPanel,
  volatility: VolatilityPanel,
  levels: LevelsPanel,
  verdict: VerdictPanel,
  indicators: IndicatorPanel,
  patterns: PatternsPanel,
  risk: RiskPanel,
  signal: SignalPanel,
  sentiment: SentimentPanel,
  microstructure: MicrostructurePanel,
  peers: PeersPanel,
  scenarios: ScenariosPanel,
};
