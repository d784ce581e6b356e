import { num } from '../../format';
import { Direction } from '../Direction';
import { Fact, Facts } from '../Facts';
import type { PanelProps } from '../panel-props';
import { need, type SentimentSection } from '../report-sections';

/** The news of the last days: the balance of tones and the strongest items with their scores. */
export function SentimentPanel({ section }: PanelProps) {
  const s = section as SentimentSection;
  const strongest = need(s.strongest, 'strongest');
  return (
    <>
      <Facts>
        <Fact label="News items">
          <span className="num">{num(s.items, 0)}</span>
        </Fact>
        <Fact label="Mean score (−1 to +1)">
          <span className="num">{num(s.mean_score, 2)}</span>
        </Fact>
        <Fact label="Tone">
          <Direction value={s.tone} />
        </Fact>
        <Fact label="Bullish · neutral · bearish">
          <span className="num">
            {num(s.counts.bullish ?? 0, 0)} · {num(s.counts.neutral ?? 0, 0)} ·{' '}
            {num(s.counts.bearish ?? 0, 0)}
          </span>
        </Fact>
      </Facts>
      {strongest.length > 0 && (
        <table className="inner" data-testid="sentiment-items">
          <caption>Strongest items</caption>
          <thead>
            <tr>
              <th scope="col">Published</th>
              <th scope="col">Headline</th>
              <th scope="col">Source</th>
              <th scope="col" className="num">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {strongest.map((n) => (
              <tr key={`${n.published_at}-${n.headline}`}>
                <td>{n.published_at.slice(0, 10)}</td>
                <td>{n.headline}</td>
                <td>{n.source}</td>
                <td className="num">
                  {num(n.score, 2)} <Direction value={n.label} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
