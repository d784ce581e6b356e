/**
 * A screen's batches on their way to the compute pool (`ScreenBatches`, issue #28): never more than
 * `maxSent` sent at once, loads go on while batches wait up to `maxHeld`, then wait for room; `finish`
 * waits for every batch; the first failure reaches the caller and nothing more is sent after it.
 */
import { describe, expect, it } from 'vitest';
import { ScreenBatches } from '../../src/screening/screen-batches.js';

/** A send whose answers the test releases one by one. */
function controlledSend() {
  const sent: number[] = [];
  const pending: { batch: number; settle: (error?: Error) => void }[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const send = (batch: number) => {
    sent.push(batch);
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    return new Promise<void>((resolve, reject) => {
      pending.push({
        batch,
        settle: (error) => {
          concurrent--;
          if (error === undefined) resolve();
          else reject(error);
        },
      });
    });
  };
  return { send, sent, pending, max: () => maxConcurrent };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ScreenBatches', () => {
  it('sends at most maxSent at a time, holds the rest, and finish waits for all', async () => {
    const c = controlledSend();
    const batches = new ScreenBatches<number>(c.send, () => 10, { maxSent: 2, maxHeld: 1000 });
    for (let b = 0; b < 6; b++) await batches.add(b); // nothing waits: 60 units held ≤ 1000
    expect(c.sent).toEqual([0, 1]);
    let finished = false;
    const done = batches.finish().then(() => {
      finished = true;
    });
    while (c.pending.length > 0 || c.sent.length < 6) {
      await tick();
      c.pending.shift()?.settle();
    }
    await done;
    expect(finished).toBe(true);
    expect(c.sent).toEqual([0, 1, 2, 3, 4, 5]);
    expect(c.max()).toBe(2);
  });

  it('makes add wait while more than maxHeld is held', async () => {
    const c = controlledSend();
    const batches = new ScreenBatches<number>(c.send, () => 10, { maxSent: 1, maxHeld: 25 });
    await batches.add(0);
    await batches.add(1); // 20 held
    let third = false;
    const adding = batches.add(2).then(() => {
      third = true;
    }); // 30 held > 25: waits
    await tick();
    expect(third).toBe(false);
    c.pending.shift()?.settle(); // batch 0 answered: 20 held
    await adding;
    expect(third).toBe(true);
    expect(c.sent).toEqual([0, 1]);
    c.pending.shift()?.settle();
    await tick();
    c.pending.shift()?.settle();
    await batches.finish();
    expect(c.sent).toEqual([0, 1, 2]);
  });

  it('gives back what a batch measured when added, though sending emptied it (issue #42: a transfer)', async () => {
    // Batches are arrays the send empties, as ComputePool's transfer of a screen's ArrayBuffers does.
    const batches = new ScreenBatches<number[]>(
      async (batch) => {
        batch.length = 0;
      },
      (batch) => batch.length,
      { maxSent: 1, maxHeld: 15 },
    );
    const ten = () => Array.from({ length: 10 }, (_, i) => i);
    await batches.add(ten());
    // 20 held > 15: waits until the first is answered, which must give its 10 back.
    const second = batches.add(ten());
    const third = second.then(() => batches.add(ten()));
    const done = Promise.race([
      third.then(() => batches.finish()).then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waited forever'), 1000)),
    ]);
    expect(await done).toBe('answered');
  });

  it('reports the first failure and sends nothing after it', async () => {
    const c = controlledSend();
    const batches = new ScreenBatches<number>(c.send, () => 1, { maxSent: 1, maxHeld: 100 });
    await batches.add(0);
    await batches.add(1);
    c.pending.shift()?.settle(new Error('worker died'));
    await tick();
    await expect(batches.add(2)).rejects.toThrow('worker died');
    await expect(batches.finish()).rejects.toThrow('worker died');
    expect(c.sent).toEqual([0]);
  });

  it('turns a send that throws at once into the failure', async () => {
    const batches = new ScreenBatches<number>(
      () => {
        throw new Error('refused');
      },
      () => 1,
      { maxSent: 2, maxHeld: 100 },
    );
    await batches.add(0);
    await expect(batches.finish()).rejects.toThrow('refused');
  });
});
