import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../domain/formatCount';
import type { ProjectDraft, ProjectFieldErrors, ProjectStatus } from '../../domain/projectTypes';
import {
  COMMITMENT_MAX,
  COMMITMENT_MIN,
  DESCRIPTION_MAX,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  REQUIRED_SKILLS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../domain/projectTypes';
import { hasFieldErrors, normalizeProjectDraft, validateProjectDraft } from '../../domain/projectValidation';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { SKILL_VOCABULARY } from '../profile';
import { createFormOpened, createSubmitted, selectCreateState } from './projectsSlice';

interface FormValues {
  title: string;
  summary: string;
  description: string;
  skills: string;
  status: ProjectStatus;
  commitment: string;
  repositoryUrl: string;
}

const EMPTY: FormValues = { title: '', summary: '', description: '', skills: '', status: 'recruiting', commitment: '5', repositoryUrl: '' };

export function toDraft(values: FormValues): ProjectDraft {
  return {
    title: values.title,
    summary: values.summary,
    description: values.description,
    requiredSkills: values.skills.split(','),
    status: values.status,
    commitment: values.commitment.trim() === '' ? Number.NaN : Number(values.commitment),
    repositoryUrl: values.repositoryUrl,
  };
}

const isStatus = (value: string): value is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(value);

interface CreateProjectFormProps {
  onClose: () => void;
}

/** The create form: checked here field by field first, then by the saga and the API again. */
export function CreateProjectForm({ onClose }: CreateProjectFormProps) {
  const dispatch = useAppDispatch();
  const create = useAppSelector(selectCreateState);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [localErrors, setLocalErrors] = useState<ProjectFieldErrors>({});
  const ids = { description: useId(), status: useId(), skills: useId(), vocabulary: useId() };

  useEffect(() => {
    dispatch(createFormOpened());
  }, [dispatch]);

  const errors: ProjectFieldErrors = create.status === 'failed' ? { ...create.fieldErrors, ...localErrors } : localErrors;
  const set = (field: keyof FormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setLocalErrors((current) => {
      const { [field === 'skills' ? 'requiredSkills' : field]: _dropped, ...rest } = current as Record<string, string>;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = normalizeProjectDraft(toDraft(values));
    const found = validateProjectDraft(draft);
    setLocalErrors(found);
    if (hasFieldErrors(found)) {
      // Focus goes to the first invalid field, so keyboard and screen-reader users land on the problem.
      const first = (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]');
      requestAnimationFrame(() => first?.focus());
      return;
    }
    dispatch(createSubmitted(draft));
  };

  // Locked while the project is being created: the form closes on success, which would drop text typed meanwhile.
  const locked = create.status === 'pending';
  const count = (text: string, max: number) => `${text.trim().length}/${formatCount(max)}`;

  return (
    <section className="card project-form" aria-labelledby="create-project-title" id="create-project">
      <h2 id="create-project-title">Create project</h2>
      <form className="form" noValidate onSubmit={submit}>
        <TextField readOnly={locked} label="Title" value={values.title} maxLength={TITLE_MAX + 20} required
          hint={`3-${TITLE_MAX} characters`} error={errors.title} onChange={(e) => set('title')(e.target.value)} />
        <TextField readOnly={locked} label="Summary" value={values.summary} hint={`One line, up to ${SUMMARY_MAX} characters (${count(values.summary, SUMMARY_MAX)})`}
          error={errors.summary} onChange={(e) => set('summary')(e.target.value)} />
        <div className={errors.description ? 'field field--invalid' : 'field'}>
          <label htmlFor={ids.description}>Description</label>
          <textarea id={ids.description} rows={5} readOnly={locked} value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={`${ids.description}-hint${errors.description ? ` ${ids.description}-error` : ''}`}
            onChange={(e) => set('description')(e.target.value)} />
          <p id={`${ids.description}-hint`} className="field__hint">{count(values.description, DESCRIPTION_MAX)}</p>
          {errors.description && <p id={`${ids.description}-error`} className="field__error">{errors.description}</p>}
        </div>
        <TextField readOnly={locked} label="Required skills" value={values.skills} list={ids.vocabulary} autoComplete="off"
          hint={`Comma-separated, 1-${REQUIRED_SKILLS_MAX}, e.g. React, Docker`} error={errors.requiredSkills}
          onChange={(e) => set('skills')(e.target.value)} />
        <datalist id={ids.vocabulary}>
          {SKILL_VOCABULARY.map((skill) => <option key={skill} value={skill} />)}
        </datalist>
        <div className="project-form__row">
          <div className="field">
            <label htmlFor={ids.status}>Status</label>
            <select id={ids.status} value={values.status} disabled={locked} onChange={(e) => isStatus(e.target.value) && set('status')(e.target.value)}>
              {PROJECT_STATUSES.map((status) => (
                <option key={status} value={status}>{PROJECT_STATUS_LABELS[status]}</option>
              ))}
            </select>
          </div>
          <TextField readOnly={locked} label="Commitment (hours a week)" type="number" inputMode="numeric" min={COMMITMENT_MIN} max={COMMITMENT_MAX}
            value={values.commitment} error={errors.commitment} onChange={(e) => set('commitment')(e.target.value)} />
        </div>
        <TextField readOnly={locked} label="Repository URL" type="url" value={values.repositoryUrl} placeholder="https://github.com/you/project"
          hint="Optional, https only" error={errors.repositoryUrl} onChange={(e) => set('repositoryUrl')(e.target.value)} />
        {create.status === 'failed' && create.message && <Alert tone="error">{create.message}</Alert>}
        <div className="project-form__actions">
          <Button type="submit" busy={create.status === 'pending'}>Create project</Button>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </section>
  );
}
