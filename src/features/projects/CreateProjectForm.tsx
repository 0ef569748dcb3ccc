import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../domain/formatCount';
import { SKILL_LENGTH_MAX } from '../../domain/profileTypes';
import type { ProjectDraft, ProjectFieldErrors, ProjectStatus } from '../../domain/projectTypes';
import {
  COMMITMENT_MAX,
  COMMITMENT_MIN,
  DESCRIPTION_MAX,
  REQUIRED_SKILLS_MAX,
  REQUIRED_SKILLS_MIN,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../domain/projectTypes';
import {
  hasFieldErrors,
  normalizeProjectDraft,
  validateNewRequiredSkill,
  validateProjectDraft,
} from '../../domain/projectValidation';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { chipDraftItems } from '../../ui/ChipListField';
import { TextField } from '../../ui/TextField';
import { SkillListField } from '../profile/components';
import { createFormOpened, createSubmitted, selectCreateState } from './projectsSlice';
import { ProjectStatusSelect } from './ProjectStatusSelect';

interface FormValues {
  title: string;
  summary: string;
  description: string;
  status: ProjectStatus;
  commitment: string;
  repositoryUrl: string;
}

type TextFieldName = Exclude<keyof FormValues, 'status'>;

const EMPTY: FormValues = {
  title: '',
  summary: '',
  description: '',
  status: 'recruiting',
  commitment: '5',
  repositoryUrl: '',
};

/** The form as a draft; `requiredSkills` are the chips plus what is still typed in the skill input. */
export function toDraft(values: FormValues, requiredSkills: readonly string[]): ProjectDraft {
  return {
    title: values.title,
    summary: values.summary,
    description: values.description,
    requiredSkills: [...requiredSkills],
    status: values.status,
    commitment: values.commitment.trim() === '' ? Number.NaN : Number(values.commitment),
    repositoryUrl: values.repositoryUrl,
  };
}

interface CreateProjectFormProps {
  onClose: () => void;
}

/** The create form: checked here field by field first, then by the saga and the API again. */
export function CreateProjectForm({ onClose }: CreateProjectFormProps) {
  const dispatch = useAppDispatch();
  const create = useAppSelector(selectCreateState);
  const [values, setValues] = useState<FormValues>(EMPTY);
  // Required skills: one chip each (ChipListField, as everywhere a list is entered), and the text
  // typed but not added yet, which Create project takes too.
  const [skills, setSkills] = useState<string[]>([]);
  const [skillDraft, setSkillDraft] = useState('');
  const [localErrors, setLocalErrors] = useState<ProjectFieldErrors>({});

  useEffect(() => {
    dispatch(createFormOpened());
  }, [dispatch]);

  const errors: ProjectFieldErrors =
    create.status === 'failed' ? { ...create.fieldErrors, ...localErrors } : localErrors;
  const clearError = (field: keyof ProjectFieldErrors) =>
    setLocalErrors((current) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  const set = (field: TextFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const setStatus = (status: ProjectStatus) => {
    setValues((current) => ({ ...current, status }));
    clearError('status');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = normalizeProjectDraft(toDraft(values, [...skills, ...chipDraftItems(skillDraft)]));
    const found = validateProjectDraft(draft);
    setLocalErrors(found);
    if (hasFieldErrors(found)) {
      // Focus goes to the first invalid field, so keyboard and screen-reader users land on the problem;
      // looked up once React has marked the fields (not before, which found none on a first submit).
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
        <TextField
          readOnly={locked}
          label="Title"
          value={values.title}
          maxLength={TITLE_MAX + 20}
          required
          hint={`3-${TITLE_MAX} characters`}
          error={errors.title}
          onChange={(e) => set('title')(e.target.value)}
        />
        <TextField
          readOnly={locked}
          label="Summary"
          value={values.summary}
          hint={`One line, up to ${SUMMARY_MAX} characters (${count(values.summary, SUMMARY_MAX)})`}
          error={errors.summary}
          onChange={(e) => set('summary')(e.target.value)}
        />
        <TextField
          multiline
          rows={5}
          readOnly={locked}
          label="Description"
          value={values.description}
          hint={count(values.description, DESCRIPTION_MAX)}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
        />
        <SkillListField
          legend="Required skills"
          items={skills}
          onChange={setSkills}
          max={REQUIRED_SKILLS_MAX}
          addLabel="Add required skills"
          itemsLabel="Chosen skills"
          placeholder="e.g. React"
          hint={`${REQUIRED_SKILLS_MIN} to ${REQUIRED_SKILLS_MAX} skills, ${SKILL_LENGTH_MAX} characters or fewer each; Enter adds one, a comma separates several.`}
          error={errors.requiredSkills}
          onErrorChange={(problem) =>
            problem
              ? setLocalErrors((current) => ({ ...current, requiredSkills: problem }))
              : clearError('requiredSkills')
          }
          validate={validateNewRequiredSkill}
          draft={skillDraft}
          onDraftChange={setSkillDraft}
          readOnly={locked}
          className="project-form__skills"
          rowClassName="project-form__skills-row"
        />
        <div className="project-form__row">
          <ProjectStatusSelect
            label="Status"
            value={values.status}
            disabled={locked}
            onChange={(status) => status && setStatus(status)}
          />
          <TextField
            readOnly={locked}
            label="Commitment (hours a week)"
            type="number"
            inputMode="numeric"
            min={COMMITMENT_MIN}
            max={COMMITMENT_MAX}
            value={values.commitment}
            error={errors.commitment}
            onChange={(e) => set('commitment')(e.target.value)}
          />
        </div>
        <TextField
          readOnly={locked}
          label="Repository URL"
          type="url"
          value={values.repositoryUrl}
          placeholder="https://github.com/you/project"
          hint="Optional, https only"
          error={errors.repositoryUrl}
          onChange={(e) => set('repositoryUrl')(e.target.value)}
        />
        {create.status === 'failed' && create.message && <Alert tone="error">{create.message}</Alert>}
        <div className="project-form__actions">
          <Button type="submit" busy={create.status === 'pending'}>
            Create project
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
