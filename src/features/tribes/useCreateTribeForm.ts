import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { JoinPolicy, TribeInput } from '../../domain/tribeTypes';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import { hasErrors, normalizeTribeInput, validateTribeInput } from '../../domain/tribeValidation';
import { createFormOpened, createRequested, selectCreateState } from './tribesSlice';

export type TribeTextField = 'name' | 'tagline' | 'description';

const EMPTY_TRIBE: TribeInput = { name: '', tagline: '', description: '', topics: [], joinPolicy: 'open' };

/**
 * The create-tribe form's state: what is typed, the errors shown (the form's own checks over the
 * saga's answer), the submit, and the move to the created tribe.
 */
export function useCreateTribeForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const create = useAppSelector(selectCreateState);
  const [input, setInput] = useState<TribeInput>(EMPTY_TRIBE);
  const [errors, setErrors] = useState<TribeInputErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const taglineRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const topicRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dispatch(createFormOpened());
  }, [dispatch]);

  // The created tribe opens, unless something was typed since Create was clicked: then the form
  // stays with that text, and a link leads to the tribe.
  const [sent, setSent] = useState<string | null>(null);
  const current = JSON.stringify(normalizeTribeInput(input));
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

  const setText = (field: TribeTextField, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const setTopics = (topics: string[]) => setInput((current) => ({ ...current, topics }));
  const setJoinPolicy = (joinPolicy: JoinPolicy) => setInput((current) => ({ ...current, joinPolicy }));
  const setTopicsError = (topics: string | undefined) => setErrors((current) => ({ ...current, topics }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeTribeInput(input);
    const found = validateTribeInput(normalized);
    setErrors(found);
    if (hasErrors(found)) {
      const first = found.name ? nameRef : found.tagline ? taglineRef : found.description ? descriptionRef : topicRef;
      first.current?.focus();
      return;
    }
    setSent(JSON.stringify(normalized));
    dispatch(createRequested(normalized));
  };

  return {
    input,
    errors: shown,
    setText,
    setTopics,
    setJoinPolicy,
    setTopicsError,
    submit,
    create,
    creating: create.status === 'pending',
    createdId,
    typedSince,
    nameRef,
    taglineRef,
    descriptionRef,
    topicRef,
  };
}
