import type { MatchResult } from '../../domain/matchScore';
import { MatchBreakdown, MatchScoreBadge } from './MatchBreakdown';

/** How well the viewer fits the project, with the skills that would raise the score. */
export function ProjectMatchSection({ match }: { match: MatchResult }) {
  return (
    <section className="card project__section" aria-labelledby="project-match">
      <h2 id="project-match" className="project__match-title">
        Your match <MatchScoreBadge score={match.score} />
      </h2>
      <MatchBreakdown match={match} detailed suggestions={3} label="Your match breakdown" />
    </section>
  );
}
