import { useState } from 'react';
import { ApiError, call, setCsrf } from '../api';

/** The operator's command that creates a user, in parts that each stay on one line. */
const OPERATOR_COMMAND = [
  'npx bellwether accounts create',
  '--name …',
  '--email …',
  '--plan …',
  '--password',
];

export function SignInPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await call<{ csrf: string }>('POST', '/session', { email, password });
      setCsrf(r.csrf);
      await onSignedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.problem.detail : 'Could not reach the server; try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="center">
      <form className="card signin" onSubmit={(e) => void submit(e)} aria-label="Sign in">
        <h1>Sign in to Bellwether</h1>
        <label>
          Email
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error !== null && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted" data-testid="operator-help">
          Operators create users with
          <code className="command">
            {OPERATOR_COMMAND.map((part, i) => (
              <span key={part}>
                {i > 0 && ' '}
                <span className="nowrap">{part}</span>
              </span>
            ))}
          </code>
          which reads the password from standard input.
        </p>
      </form>
    </main>
  );
}
