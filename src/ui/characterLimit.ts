import { formatCount } from '../domain/formatCount';

/** From this share of the limit on, a field counting its characters is near the limit. */
const NEAR_LIMIT_SHARE = 0.9;

export type LimitBand = 'under' | 'near' | 'over';

export function limitBand(length: number, max: number): LimitBand {
  if (length > max) return 'over';
  return length >= Math.ceil(max * NEAR_LIMIT_SHARE) ? 'near' : 'under';
}

/** The count shown under a field, e.g. "17 / 2,000 characters". */
export function countText(length: number, max: number): string {
  return `${length} / ${formatCount(max)} characters`;
}

const characters = (count: number) => `${formatCount(count)} ${count === 1 ? 'character' : 'characters'}`;

/** What a screen reader hears when a field enters a band: nothing while the text is well under the limit. */
export function limitAnnouncement(length: number, max: number): string {
  switch (limitBand(length, max)) {
    case 'under':
      return '';
    case 'near':
      return `${characters(max - length)} left.`;
    case 'over':
      return `${characters(length - max)} over the limit of ${formatCount(max)}.`;
  }
}
