import type { PasswordCheck } from '@/lib/auth/rules';

/** The live password rules checklist: each rule marked met (✓) or not yet (✗). */
export function PasswordChecklist({ id, checks }: { id: string; checks: PasswordCheck[] }) {
  return (
    <ul id={id} className="checklist small" aria-label="Password requirements">
      {checks.map((check) => (
        <li key={check.id} data-testid={`rule-${check.id}`} data-met={check.met} className={check.met ? 'met' : 'unmet'}>
          <span aria-hidden="true">{check.met ? '✓' : '✗'}</span> {check.label}
          <span className="sr-only">{check.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** The confirmation indicator, shown once something is typed into the confirm field. */
export function MatchIndicator({ id, matches }: { id: string; matches: boolean }) {
  return (
    <p id={id} className={`small ${matches ? 'text-ok' : 'field-error'}`} aria-live="polite">
      {matches ? '✓ Passwords match' : '✗ Passwords do not match'}
    </p>
  );
}
