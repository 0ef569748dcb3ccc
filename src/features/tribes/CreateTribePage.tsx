import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uniqueTexts } from '../../domain/compareText';
import { formatCount } from '../../domain/formatCount';
import type { JoinPolicy, TribeInput } from '../../domain/tribeTypes';
import { DESCRIPTION_MAX, TAGLINE_MAX, TOPICS_MAX, TRIBE_NAME_MAX, TRIBE_NAME_MIN } from '../../domain/tribeTypes';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import {
  hasErrors,
  normalizeTopic,
  normalizeTribeInput,
  validateNewTopic,
  validateTribeInput,
} from '../../domain/tribeValidation';
import { Alert } from '../../ui/Alert';
import { ChipListField } from '../../ui/ChipListField';
import { SKILL_VOCABULARY } from '../profile';
import { selectOwnProfile } from '../session';
import { createFormOpened, createRequested, selectCreateState } from './tribesSlice';

const EMPTY_SKILLS: readonly string[] = [];
const describedBy = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

export default function CreateTribePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const create = useAppSelector(selectCreateState);
  const mySkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const [name, setName] = useState('');
  const [tagline, setTagline] = useState('');
  const [description, setDescription] = useState('');
  const [topics, setTopics] = useState<string[]>([]);
  const [joinPolicy, setJoinPolicy] = useState<JoinPolicy>('open');
  const [errors, setErrors] = useState<TribeInputErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const taglineRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const topicRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), tagline: useId(), description: useId(), policy: useId() };

  useEffect(() => {
    dispatch(createFormOpened());
  }, [dispatch]);

  // The created tribe opens, unless something was typed since Create was clicked: then the form
  // stays with that text, and a link leads to the tribe.
  const [sent, setSent] = useState<string | null>(null);
  const current = JSON.stringify(normalizeTribeInput({ name, tagline, description, topics, joinPolicy }));
  const createdId = create.status === 'succeeded' ? create.tribeId : null;
  const typedSince = createdId !== null && sent !== null && sent !== current;
  // Only a tribe this form created (sent), and once: this page stays on screen while the tribe's
  // page loads, and `navigate` changes with the location, which ran this again and put the tribe in
  // the history twice. A form opened again must not follow the previous visit's tribe (its outcome
  // is still in the store on the first render). The tribe replaces the form in the history, so Back
  // leads to where the form was opened from.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!createdId || sent === null || typedSince || opened.current === createdId) return;
    opened.current = createdId;
    void navigate(`/tribes/${encodeURIComponent(createdId)}`, { replace: true });
  }, [createdId, sent, typedSince, navigate]);

  // The saga's answer (a name taken meanwhile) shows on its field like the form's own checks.
  const shown: TribeInputErrors = { ...create.fieldErrors, ...errors };
  useEffect(() => {
    if (create.status === 'failed' && create.fieldErrors.name) nameRef.current?.focus();
  }, [create.status, create.fieldErrors.name]);

  const clearError = (field: keyof TribeInput) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = normalizeTribeInput({ name, tagline, description, topics, joinPolicy });
    const found = validateTribeInput(input);
    setErrors(found);
    if (hasErrors(found)) {
      const first = found.name ? nameRef : found.tagline ? taglineRef : found.description ? descriptionRef : topicRef;
      first.current?.focus();
      return;
    }
    setSent(JSON.stringify(input));
    dispatch(createRequested(input));
  };

  const creating = create.status === 'pending';
  const suggestions = uniqueTexts([...mySkills, ...SKILL_VOCABULARY]);

  return (
    <section className="create-tribe" aria-labelledby="create-tribe-title">
      <header className="page-header">
        <h1 id="create-tribe-title">Create a tribe</h1>
        <p>Start a community around a topic you care about. You will be its owner.</p>
      </header>
      <form className="form card create-tribe__form" onSubmit={submit} noValidate>
        {create.status === 'failed' && create.message && !create.fieldErrors.name && (
          <Alert tone="error">{create.message}</Alert>
        )}
        {typedSince && createdId && (
          <Alert tone="success">
            {create.message} <Link to={`/tribes/${encodeURIComponent(createdId)}`}>Open your tribe</Link>
          </Alert>
        )}

        <div className={shown.name ? 'field field--invalid' : 'field'}>
          <label htmlFor={ids.name}>Name</label>
          <input
            ref={nameRef}
            id={ids.name}
            value={name}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              clearError('name');
            }}
            aria-invalid={shown.name ? true : undefined}
            aria-describedby={describedBy(`${ids.name}-hint`, shown.name && `${ids.name}-error`)}
          />
          <p id={`${ids.name}-hint`} className="field__hint">
            {TRIBE_NAME_MIN} to {TRIBE_NAME_MAX} characters; no two tribes share a name.
          </p>
          {shown.name && (
            <p id={`${ids.name}-error`} className="field__error">
              {shown.name}
            </p>
          )}
        </div>

        <div className={shown.tagline ? 'field field--invalid' : 'field'}>
          <label htmlFor={ids.tagline}>Tagline</label>
          <input
            ref={taglineRef}
            id={ids.tagline}
            value={tagline}
            onChange={(event) => {
              setTagline(event.target.value);
              clearError('tagline');
            }}
            aria-invalid={shown.tagline ? true : undefined}
            aria-describedby={describedBy(`${ids.tagline}-count`, shown.tagline && `${ids.tagline}-error`)}
          />
          <p
            id={`${ids.tagline}-count`}
            className={tagline.trim().length > TAGLINE_MAX ? 'field__hint field__count--over' : 'field__hint'}
          >
            {tagline.trim().length} / {TAGLINE_MAX} characters
          </p>
          {shown.tagline && (
            <p id={`${ids.tagline}-error`} className="field__error">
              {shown.tagline}
            </p>
          )}
        </div>

        <div className={shown.description ? 'field field--invalid' : 'field'}>
          <label htmlFor={ids.description}>Description</label>
          <textarea
            ref={descriptionRef}
            id={ids.description}
            rows={6}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              clearError('description');
            }}
            aria-invalid={shown.description ? true : undefined}
            aria-describedby={describedBy(`${ids.description}-count`, shown.description && `${ids.description}-error`)}
          />
          <p
            id={`${ids.description}-count`}
            className={description.trim().length > DESCRIPTION_MAX ? 'field__hint field__count--over' : 'field__hint'}
          >
            {description.trim().length} / {formatCount(DESCRIPTION_MAX)} characters
          </p>
          {shown.description && (
            <p id={`${ids.description}-error`} className="field__error">
              {shown.description}
            </p>
          )}
        </div>

        <ChipListField
          legend="Topics"
          items={topics}
          onChange={setTopics}
          max={TOPICS_MAX}
          addLabel="Add a topic"
          addButtonText="Add topic"
          itemsLabel="Chosen topics"
          emptyText="No topics yet."
          placeholder="e.g. Rust"
          hint={`1 to ${TOPICS_MAX} skills people search for; yours are suggested first.`}
          suggestions={suggestions}
          error={shown.topics}
          onErrorChange={(topicsError) => setErrors((current) => ({ ...current, topics: topicsError }))}
          normalize={normalizeTopic}
          validate={validateNewTopic}
          inputRef={topicRef}
          rowClassName="create-tribe__row"
        />

        <fieldset
          className="field create-tribe__policy"
          aria-describedby={shown.joinPolicy ? `${ids.policy}-error` : undefined}
        >
          <legend>Who can join</legend>
          <label className="create-tribe__radio">
            <input
              type="radio"
              name="joinPolicy"
              value="open"
              checked={joinPolicy === 'open'}
              onChange={() => setJoinPolicy('open')}
            />
            Open: anyone can join
          </label>
          <label className="create-tribe__radio">
            <input
              type="radio"
              name="joinPolicy"
              value="request"
              checked={joinPolicy === 'request'}
              onChange={() => setJoinPolicy('request')}
            />
            By request: you approve each member
          </label>
          {shown.joinPolicy && (
            <p id={`${ids.policy}-error`} className="field__error">
              {shown.joinPolicy}
            </p>
          )}
        </fieldset>

        <div className="create-tribe__row">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating}
            aria-busy={creating || undefined}
          >
            {creating ? 'Creating…' : 'Create tribe'}
          </button>
          <Link to="/tribes" className="button button--ghost">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
