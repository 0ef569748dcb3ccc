import { useId } from 'react';

import type { JoinPolicy } from '../../domain/tribeTypes';

const CHOICES: readonly { policy: JoinPolicy; label: string }[] = [
  { policy: 'open', label: 'Open: anyone can join' },
  { policy: 'request', label: 'By request: you approve each member' },
];

interface JoinPolicyFieldProps {
  joinPolicy: JoinPolicy;
  onChange: (joinPolicy: JoinPolicy) => void;
  error: string | undefined;
}

/** Who can join a tribe: anyone, or those the owner approves. */
export function JoinPolicyField({ joinPolicy, onChange, error }: JoinPolicyFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="field create-tribe__policy" aria-describedby={error ? errorId : undefined}>
      <legend>Who can join</legend>
      {CHOICES.map(({ policy, label }) => (
        <label key={policy} className="create-tribe__radio">
          <input
            type="radio"
            name="joinPolicy"
            value={policy}
            checked={joinPolicy === policy}
            onChange={() => onChange(policy)}
          />
          {label}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
