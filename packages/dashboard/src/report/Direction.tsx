/** A direction or bias word with its colour and an arrow, so it does not rely on colour alone. */
export function Direction({ value }: { value: string }) {
  const up = ['bullish', 'long', 'uptrend', 'positive'].includes(value);
  const down = ['bearish', 'short', 'downtrend', 'negative'].includes(value);
  return (
    <span className={`direction ${up ? 'up' : down ? 'down' : 'flat'}`}>
      <span aria-hidden="true">{up ? '▲ ' : down ? '▼ ' : '◆ '}</span>
      {value.replaceAll('_', ' ')}
    </span>
  );
}
