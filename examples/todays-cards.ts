/**
 * Today's trade cards, one line each.
 *   BELLWETHER_API_KEY=bw_… node --import tsx examples/todays-cards.ts
 */
import { clientFromEnv, main } from './env.js';

await main(async () => {
  const bw = clientFromEnv();
  const session = await bw.session.get();
  const { cards, published_at } = await bw.cards.list();
  console.log(
    `Session ${session.id} (${session.state}); ${cards.length} cards` +
      (published_at === null
        ? `, next publication ${session.next_publication_at}`
        : `, published ${published_at}`),
  );
  for (const card of cards) console.log(JSON.stringify(card));
});
