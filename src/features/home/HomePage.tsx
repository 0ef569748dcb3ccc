import { useAppSelector } from '../../app/hooks';
import { ButtonLink } from '../../ui/ButtonLink';
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
            <ButtonLink to="/dashboard">Go to dashboard</ButtonLink>
          ) : (
            <>
              <ButtonLink to="/signup">Sign up</ButtonLink>
              <ButtonLink to="/login" variant="secondary">
                Log in
              </ButtonLink>
            </>
          )}
          <ButtonLink to="/learn-more" variant="ghost">
            Learn more
          </ButtonLink>
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
