import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="page-header" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
