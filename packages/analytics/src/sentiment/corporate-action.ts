/**
 * What a company does to a good thing it offers its shareholders or the market: suspending,
 * cancelling, withdrawing or postponing a buyback, a dividend or its guidance is bad news; resuming
 * or reinstating one is good news. Verb before ("suspends its share buyback"), a noun of the action
 * ("the suspension of the dividend") or the verb after ("the buyback was cancelled"). Cuts and
 * raises ("cuts its dividend") are quantity changes (quantity-change.ts).
 */
export interface CorporateAction {
  readonly phrase: string;
  readonly start: number;
  readonly end: number;
  readonly value: number;
}

const STOP = [
  'suspend',
  'suspends',
  'suspended',
  'suspending',
  'suspension',
  'cancel',
  'cancels',
  'cancelled',
  'canceled',
  'cancelling',
  'canceling',
  'cancellation',
  'scrap',
  'scraps',
  'scrapped',
  'scrapping',
  'halt',
  'halts',
  'halted',
  'halting',
  'withdraw',
  'withdraws',
  'withdrew',
  'withdrawn',
  'withdrawing',
  'withdrawal',
  'omit',
  'omits',
  'omitted',
  'omission',
  'postpone',
  'postpones',
  'postponed',
  'postponement',
  'defer',
  'defers',
  'deferred',
  'pause',
  'pauses',
  'paused',
  'abandon',
  'abandons',
  'abandoned',
  'skip',
  'skips',
  'skipped',
  'axe',
  'axes',
  'axed',
  'stop',
  'stops',
  'stopped',
  'terminate',
  'terminates',
  'terminated',
  'freeze',
  'freezes',
  'froze',
  'frozen',
  'pulled',
  'pulls',
];
const RESTORE = [
  'resume',
  'resumes',
  'resumed',
  'resumption',
  'reinstate',
  'reinstates',
  'reinstated',
  'reinstatement',
  'restore',
  'restores',
  'restored',
  'restart',
  'restarts',
  'restarted',
];
const ACTIONS: ReadonlyMap<string, number> = new Map([
  ...STOP.map((w) => [w, -1] as const),
  ...RESTORE.map((w) => [w, 1] as const),
]);

/** Things whose loss is bad news for the holder: what the company pays out or promises. */
const GOOD_THINGS = new Set([
  'buyback',
  'buybacks',
  'repurchase',
  'repurchases',
  'repurchasing',
  'dividend',
  'dividends',
  'payout',
  'payouts',
  'distribution',
  'distributions',
  'guidance',
  'outlook',
  'forecast',
  'forecasts',
  'target',
  'targets',
]);
/** Words between the action and its object: "suspends its planned share buyback programme". */
const FILLERS = new Set([
  'its',
  'their',
  'the',
  'a',
  'an',
  'of',
  'planned',
  'proposed',
  'ongoing',
  'current',
  'remaining',
  'share',
  'stock',
  'interim',
  'final',
  'quarterly',
  'annual',
  'ordinary',
  'cash',
  'full',
  'year',
  'financial',
  'earnings',
  'profit',
  'sales',
  'revenue',
  'margin',
  'medium',
  'long',
  'term',
  '<num>',
]);
/** Words between an object and a later action: "the buyback has been suspended". */
const PASSIVE = new Set([
  'was',
  'were',
  'is',
  'has',
  'have',
  'been',
  'be',
  'will',
  'would',
  'being',
  'programme',
  'program',
  'plan',
  'payment',
]);

const STRENGTH = 0.8;
const MAX_GAP = 4;

/** Actions on buybacks, dividends and guidance, left to right. */
export function matchCorporateActions(tokens: readonly string[]): CorporateAction[] {
  const out: CorporateAction[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const sign = ACTIONS.get(tokens[i]!);
    if (sign === undefined) continue;
    // Action before its object.
    let k = i + 1;
    while (k < tokens.length && k <= i + MAX_GAP && FILLERS.has(tokens[k]!)) k++;
    let object = k < tokens.length && GOOD_THINGS.has(tokens[k]!) ? k : -1;
    // Object before its action ("the dividend payment was postponed").
    if (object < 0) {
      let j = i - 1;
      while (j >= 0 && j >= i - MAX_GAP && PASSIVE.has(tokens[j]!)) j--;
      if (j >= 0 && j < i - 1 && GOOD_THINGS.has(tokens[j]!)) object = j;
    }
    if (object < 0) continue;
    out.push({
      phrase: `${tokens[object]} ${sign < 0 ? 'stopped' : 'resumed'}`,
      start: Math.min(i, object),
      end: Math.max(i, object) + 1,
      value: STRENGTH * sign,
    });
  }
  return out;
}
