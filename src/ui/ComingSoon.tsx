import type { ReactNode } from 'react';

interface ComingSoonProps {
  title: string;
  children: ReactNode;
}

/** A screen whose feature has not been built yet: it says so plainly. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <section className="page-header" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>{children}</p>
      <p className="muted">This part of DevTribe is coming soon.</p>
    </section>
  );
}
