import { Link } from 'react-router-dom';

export default function LearnMorePage() {
  return (
    <article className="learn-more">
      <header className="page-header">
        <h1>Learn more about DevTribe</h1>
        <p>A community built around what developers actually do: code, learn together, and ship projects.</p>
      </header>

      <section className="card" aria-labelledby="lm-features">
        <h2 id="lm-features">Features</h2>
        <ul>
          <li>
            <strong>Profiles</strong>: your name, photo, bio, skills, posts and friends in one place. Skills you share
            with someone are highlighted on their profile.
          </li>
          <li>
            <strong>Friends and notifications</strong>: send a request, and the other person sees it instantly. Accept,
            decline, cancel or remove at any time; the bell tells you when someone accepts.
          </li>
          <li>
            <strong>Tribes</strong>: communities around topics. Open tribes let you join at once; others ask the owner
            to approve you. Members post to the tribe feed.
          </li>
          <li>
            <strong>Explore people</strong>: search by name or skill, filter by skills, and sort by best match, mutual
            friends or newest members.
          </li>
          <li>
            <strong>Project matchmaking</strong>: projects ranked for you, with a request to join and the owner&apos;s
            approval.
          </li>
        </ul>
      </section>

      <section className="card" aria-labelledby="lm-scores">
        <h2 id="lm-scores">How matchmaking scores work</h2>
        <p>
          Every project gets a score from 0 to 100, and DevTribe always shows why. Most of the score is how many of the
          project&apos;s required skills you have. Skills you bring that the team does not have yet add more, and so do
          friends already on the team or a tribe you share with them.
        </p>
        <p>
          Each score also says what would raise it, for example &ldquo;+15 with Docker&rdquo;, so you know what to learn
          next.
        </p>
      </section>

      <section className="card" aria-labelledby="lm-install">
        <h2 id="lm-install">Install the app</h2>
        <p>DevTribe works like an app on your home screen, and keeps working when your connection drops.</p>
        <ul>
          <li>
            <strong>Android (Chrome or Edge)</strong>: tap the install icon in the address bar, or open the menu and
            choose Install app.
          </li>
          <li>
            <strong>iPhone or iPad (Safari)</strong>: tap Share, then Add to Home Screen, then Add.
          </li>
          <li>
            <strong>Desktop and other browsers</strong>: use the install option in the browser menu, or bookmark
            DevTribe.
          </li>
        </ul>
      </section>

      <p>
        <Link to="/signup" className="button button--primary">
          Sign up
        </Link>
      </p>
    </article>
  );
}
