import { Link } from 'react-router-dom';

import type { ProfileCompleteness } from './dashboardLogic';

/** How complete the own profile is (photo, bio, 3+ skills), with what is missing as links to fix it. */
export function ProfileCompletenessMeter({ completeness }: { completeness: ProfileCompleteness }) {
  const { done, total, missing } = completeness;
  return (
    <section className="card dashboard__panel dashboard__panel--wide" aria-labelledby="completeness-title">
      <h2 id="completeness-title">Your profile</h2>
      <div className="completeness">
        <progress
          className="completeness__meter"
          max={total}
          value={done}
          aria-label="Profile completeness"
          aria-valuetext={`${done} of ${total} done`}
        />
        <span className="completeness__value">
          {done} of {total} done
        </span>
      </div>
      {missing.length === 0 ? (
        <p className="muted">Your profile is complete: people can see who you are and what you work with.</p>
      ) : (
        <ul className="completeness__missing" aria-label="To complete your profile">
          {missing.map(({ item, label }) => (
            <li key={item}>
              <Link to="/profile">{label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
