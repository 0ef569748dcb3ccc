// Pure checks for tribes and posts. The access policy enforces the same limits, so input that
// passes here is never refused for its shape.
import { sameText, uniqueTexts } from './compareText';
import { formatCount } from './formatCount';
import { postTooLongMessage, TRIBE_MESSAGES } from './tribeMessages';
import type { JoinPolicy, TribeInput } from './tribeTypes';
import {
  DESCRIPTION_MAX,
  POST_BODY_MAX,
  TAGLINE_MAX,
  TOPIC_LENGTH_MAX,
  TOPICS_MAX,
  TOPICS_MIN,
  TRIBE_NAME_MAX,
  TRIBE_NAME_MIN,
} from './tribeTypes';

export type TribeInputErrors = Partial<Record<keyof TribeInput, string>>;

const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

const ASCII_CAPITALS = /[A-Z]+/g;

/**
 * The claim key that makes names unique: "  React   Native " and "react native" are one name.
 * Not textKey, nor even the Unicode lower case: firestore.rules recomputes the key (nameKeyOf)
 * with lower(), which lowers A-Z and nothing else (on the emulator "École" stays "École"), and a
 * key the rules cannot recompute refuses the tribe. So only A-Z are lowered here too: "École
 * Devs" can be created, and "École" and "école" are two names, on both backends alike.
 */
export function tribeNameKey(name: string): string {
  return collapseSpaces(name).replace(ASCII_CAPITALS, (capitals) => capitals.toLowerCase());
}

export function normalizeTopic(topic: string): string {
  return collapseSpaces(topic);
}

/** Why a (normalized) topic cannot be added to `topics` in the create form, or null. */
export function validateNewTopic(topic: string, topics: readonly string[]): string | null {
  if (!topic) return 'Enter a topic.';
  if (topic.length > TOPIC_LENGTH_MAX) return `A topic is at most ${TOPIC_LENGTH_MAX} characters.`;
  if (topics.some((existing) => sameText(existing, topic))) return `${topic} is already a topic.`;
  if (topics.length >= TOPICS_MAX) return `Pick at most ${TOPICS_MAX} topics.`;
  return null;
}

export function normalizeTribeInput(input: TribeInput): TribeInput {
  return {
    name: collapseSpaces(input.name),
    tagline: input.tagline.trim(),
    description: input.description.trim(),
    topics: uniqueTexts(input.topics.map(normalizeTopic)),
    joinPolicy: input.joinPolicy,
  };
}

function validateTribeName(name: string): string | null {
  const length = collapseSpaces(name).length;
  if (length < TRIBE_NAME_MIN) return `The name needs at least ${TRIBE_NAME_MIN} characters.`;
  if (length > TRIBE_NAME_MAX) return `The name can be at most ${TRIBE_NAME_MAX} characters (it has ${length}).`;
  return null;
}

function validateTagline(tagline: string): string | null {
  const length = tagline.trim().length;
  return length > TAGLINE_MAX ? `The tagline can be at most ${TAGLINE_MAX} characters (it has ${length}).` : null;
}

function validateDescription(description: string): string | null {
  const length = description.trim().length;
  return length > DESCRIPTION_MAX
    ? `The description can be at most ${formatCount(DESCRIPTION_MAX)} characters (it has ${formatCount(length)}).`
    : null;
}

function validateTopics(topics: readonly string[]): string | null {
  if (topics.length < TOPICS_MIN) return 'Pick at least one topic.';
  if (topics.length > TOPICS_MAX) return `Pick at most ${TOPICS_MAX} topics.`;
  if (topics.some((topic) => topic.length === 0 || topic.length > TOPIC_LENGTH_MAX)) {
    return `Each topic is 1-${TOPIC_LENGTH_MAX} characters.`;
  }
  return null;
}

export const isJoinPolicy = (value: unknown): value is JoinPolicy => value === 'open' || value === 'request';

/** Errors per field of an already normalized input; empty when it may be saved. */
export function validateTribeInput(input: TribeInput): TribeInputErrors {
  const errors: TribeInputErrors = {};
  const name = validateTribeName(input.name);
  const tagline = validateTagline(input.tagline);
  const description = validateDescription(input.description);
  const topics = validateTopics(input.topics);
  if (name) errors.name = name;
  if (tagline) errors.tagline = tagline;
  if (description) errors.description = description;
  if (topics) errors.topics = topics;
  if (!isJoinPolicy(input.joinPolicy)) errors.joinPolicy = 'Choose who can join.';
  return errors;
}

export const hasErrors = (errors: TribeInputErrors) => Object.keys(errors).length > 0;

/** The trimmed body, or the reason it cannot be posted. */
export function checkPostBody(body: string): { body: string } | { error: string } {
  const trimmed = body.trim();
  if (trimmed.length === 0) return { error: TRIBE_MESSAGES.emptyPost };
  if (trimmed.length > POST_BODY_MAX) return { error: postTooLongMessage(POST_BODY_MAX, trimmed.length) };
  return { body: trimmed };
}
