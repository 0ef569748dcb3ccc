import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../session';

const FEATURES = [
  {
    title: 'Friends who code',
    text: 'Send, accept and manage friend requests. Requests and notifications show up live, on every device.',
  },
  {
    title: 'Tribes',
    text: 'Communities around the tools you use. Join open tribes, request to join curated ones, and post to members.',
  },
  {
    title: 'Project matchmaking',
    text: 'Find projects that need your skills. Every match score comes with its breakdown and what would raise it.',
  },
  {
    title: 'Explore people',
    text: 'Search developers by name or skill, see shared skills and mutual friends, and connect in one click.',
  },
];

export default function HomePage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">Find your people. Build together.</h1>
        <p>
          DevTribe is the social platform for developers: make friends who share your stack, join tribes, and team up on
          projects that match your skills.
        </p>
        <div className="hero__actions">
          {signedIn ? (
            <Link to="/dashboard" className="button button--primary">
              Go to dashboard
            </Link>
          ) : (
            <>
              <Link to="/signup" className="button button--primary">
                Sign up
              </Link>
              <Link to="/login" className="button button--secondary">
                Log in
              </Link>
            </>
          )}
          <Link to="/learn-more" className="button button--ghost">
            Learn more
          </Link>
        </div>
      </section>
      <section className="features" aria-label="What you can do on DevTribe">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card">
            <h2>{feature.title}</h2>
            <p className="muted">{feature.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}
