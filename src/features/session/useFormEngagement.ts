import { useRef } from 'react';

import { useAppDispatch } from '../../app/hooks';
import { authFormEngaged } from './sessionSlice';

/**
 * Handlers for a sign-in, sign-up or password-reset form: its first focus or pointerdown
 * dispatches authFormEngaged once, so the backend loads what the submit needs (the Firebase
 * build's Auth SDK) while the user types, and a social sign-in's popup can open within the click.
 */
export function useFormEngagement() {
  const dispatch = useAppDispatch();
  const engaged = useRef(false);
  const engage = () => {
    if (engaged.current) return;
    engaged.current = true;
    dispatch(authFormEngaged());
  };
  return { onFocus: engage, onPointerDown: engage };
}
