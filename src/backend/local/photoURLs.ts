// Which photo URLs a profile may hold. https URLs everywhere; on the local backend also the
// data: URLs that localPhotoStorage returns (a local photo has no server to be fetched from).
import { PHOTO_MAX_BYTES } from '../../domain/profileTypes';
import type { DocValue } from '../port';

export const LOCAL_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;

const HTTPS_URL_MAX = 2048;
const HTTPS_URL = /^https:\/\/[^\s"'<>]+$/;
// Raster types only: an SVG could carry script. Base64 only, so no markup can be smuggled in.
const LOCAL_PHOTO_DATA_URL = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;
const LOCAL_PHOTO_DATA_URL_MAX = 64 + Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

function isLocalPhotoDataURL(value: string): boolean {
  return value.length <= LOCAL_PHOTO_DATA_URL_MAX && LOCAL_PHOTO_DATA_URL.test(value);
}

/** null (no photo), '' (legacy empty), an https URL, or a local photo data: URL. */
export function isAllowedPhotoURL(value: DocValue | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value !== 'string') return false;
  return (value.length <= HTTPS_URL_MAX && HTTPS_URL.test(value)) || isLocalPhotoDataURL(value);
}
