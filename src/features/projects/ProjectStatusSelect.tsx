import { useId } from 'react';

import type { ProjectStatus } from '../../domain/projectTypes';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from '../../domain/projectTypes';

const isStatus = (value: string): value is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(value);

interface ProjectStatusSelectProps {
  label: string;
  value: ProjectStatus | '';
  /** A first option for no status in particular (a filter's "Any status"); '' is chosen through it. */
  anyLabel?: string;
  disabled?: boolean;
  onChange: (status: ProjectStatus | '') => void;
}

/** A labelled select of the project statuses, as the create form and the list's filter draw it. */
export function ProjectStatusSelect({ label, value, anyLabel, disabled, onChange }: ProjectStatusSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.value;
          if (isStatus(chosen)) onChange(chosen);
          else if (anyLabel !== undefined) onChange('');
        }}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {PROJECT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PROJECT_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
