import type { Me } from '../api';

const list = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** /dashboard/plan: what the account's plan includes, in words, and what the next plan adds. */
export function PlanPage({ me }: { me: Me }) {
  if (me.plan === null)
    return (
      <section aria-labelledby="plan-title">
        <h1 id="plan-title">No plan</h1>
        <p>This account has no plan: ask the operator to assign one before creating API keys.</p>
      </section>
    );
  return (
    <section aria-labelledby="plan-title">
      <h1 id="plan-title">{me.plan.name} plan</h1>
      <p>It includes:</p>
      <ul data-testid="plan-features">
        {me.plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {me.next_plan !== null && me.next_plan.adds_features.length > 0 && (
        <p data-testid="next-plan">
          {me.next_plan.name} adds {list.format(me.next_plan.adds_features)}.
        </p>
      )}
    </section>
  );
}
