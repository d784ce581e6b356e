import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, type Me, setCsrf } from './api';
import { Link, navigate, usePath } from './navigation';
import { BrokersPage } from './pages/BrokersPage';
import { CardsPage } from './pages/CardsPage';
import { KeysPage } from './pages/KeysPage';
import { PlanPage } from './pages/PlanPage';
import { ReportPage } from './pages/ReportPage';
import { ScreenerPage } from './pages/ScreenerPage';
import { SignInPage } from './pages/SignInPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { TickerSearch } from './TickerSearch';

export function App() {
  const path = usePath();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [theme, setTheme] = useState(() => localStorage.getItem('bw-theme') ?? 'dark');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem('bw-theme', theme);
  }, [theme]);

  const load = useCallback(async () => {
    try {
      const m = await call<Me>('GET', '/me');
      setCsrf(m.csrf);
      setMe(m);
    } catch (e) {
      if (e instanceof ApiError && e.problem.status === 401) setMe(null);
      else throw e;
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (me === undefined) return <main className="center">Loading…</main>;
  if (me === null) return <SignInPage onSignedIn={load} />;

  const signOut = async () => {
    await call('DELETE', '/session');
    setCsrf(undefined);
    setMe(null);
    navigate('/');
  };
  const page = path.startsWith('/api-keys') ? (
    <KeysPage me={me} />
  ) : path.startsWith('/webhooks') ? (
    <WebhooksPage me={me} />
  ) : path.startsWith('/brokers') ? (
    <BrokersPage me={me} />
  ) : path.startsWith('/reports') ? (
    <ReportPage jobId={path.split('/')[2]} />
  ) : path.startsWith('/screener') ? (
    <ScreenerPage />
  ) : path.startsWith('/plan') ? (
    <PlanPage me={me} />
  ) : (
    <CardsPage />
  );
  return (
    <div className="shell">
      <header className="top">
        <strong className="brand">Bellwether</strong>
        <nav aria-label="Main">
          <Link to="/cards">Cards</Link>
          <Link to="/api-keys">API keys</Link>
          <Link to="/webhooks">Webhooks</Link>
          <Link to="/brokers">Brokers</Link>
          <Link to="/reports">Reports</Link>
          <Link to="/screener">Screener</Link>
          <a href="/docs">API reference</a>
          <a href="/docs/errors">Errors</a>
        </nav>
        {/* A plan without instrument search gets no box rather than one that answers 403 to every keystroke. */}
        {me.plan?.entitlements.includes('instruments') === true && (
          <TickerSearch onChoose={(ticker) => navigate(`/reports?ticker=${encodeURIComponent(ticker)}`)} />
        )}
        <div className="who">
          <span title={me.user.email ?? ''}>{me.account.name}</span>
          <span className="badge">{me.plan?.name ?? 'no plan'}</span>
          <button
            type="button"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label="Toggle dark and light"
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main>{page}</main>
      <footer className="plan">
        {me.plan === null ? (
          <span>No plan: ask the operator to assign one before creating API keys.</span>
        ) : (
          <span data-testid="plan-name">
            Plan: <Link to="/plan">{me.plan.name}</Link>
          </span>
        )}
      </footer>
    </div>
  );
}
