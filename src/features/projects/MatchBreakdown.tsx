import type { MatchResult } from '../../domain/matchScore';

interface MatchBreakdownProps {
  match: MatchResult;
  /** Cards show one line per component; the details page adds each component's explanation. */
  detailed?: boolean;
  /** How many "what would raise it" suggestions to show. */
  suggestions?: number;
  label: string;
}

/** The score's parts, each with its points out of its maximum, and what would raise the score. */
export function MatchBreakdown({ match, detailed = false, suggestions = 1, label }: MatchBreakdownProps) {
  const shown = match.suggestions.slice(0, suggestions);
  return (
    <div className="match">
      <ul className="match__components" aria-label={label}>
        {match.components.map((component) => (
          <li key={component.key} className="match__component">
            <span className="match__label">{component.label}</span>
            <span className="match__bar" aria-hidden="true">
              <span style={{ width: `${(component.points / component.max) * 100}%` }} />
            </span>
            <span className="match__points">
              {component.points}/{component.max}
            </span>
            {detailed && <span className="match__detail muted">{component.detail}</span>}
          </li>
        ))}
      </ul>
      {shown.length > 0 && (
        <p className="match__suggestions">
          <span className="match__suggestions-title">{detailed ? 'What would raise it: ' : 'Raise it: '}</span>
          {shown.map((suggestion, index) => (
            <span key={suggestion.skill}>
              {index > 0 && ', '}
              <strong>{suggestion.label}</strong>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

export function MatchScoreBadge({ score }: { score: number }) {
  const tone = score >= 70 ? 'high' : score >= 40 ? 'mid' : 'low';
  return (
    // role="img": the badge is read as one named figure; aria-label is not allowed on a plain span.
    <span className={`match-score match-score--${tone}`} role="img" aria-label={`Match score ${score} out of 100`}>
      <span aria-hidden="true">{score}</span>
      <span className="match-score__unit" aria-hidden="true">
        % match
      </span>
    </span>
  );
}
