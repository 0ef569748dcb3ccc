import type { ComponentProps } from 'react';
import { shallowEqual } from 'react-redux';

import { SectionBoundary } from '../ui/SectionBoundary';
import { useAppSelector } from './hooks';
import type { RootState } from './rootReducer';

type StoreSectionBoundaryProps = ComponentProps<typeof SectionBoundary> & {
  /** The store's slices the piece shows; all of them when not given. */
  slices?: readonly (keyof RootState)[];
};

/**
 * A SectionBoundary that also tries its piece again when the state the piece shows changes: new
 * data, or Redux DevTools jumping to another state, so a piece that one state broke is back with
 * the next. Its children are the same elements whenever only the store changed, so a change
 * re-renders the boundary, not the piece (unless the piece had failed).
 */
export function StoreSectionBoundary({ slices, resetKeys = [], ...props }: StoreSectionBoundaryProps) {
  const shown = useAppSelector(
    (state) => (slices ? slices.map((key) => state[key]) : Object.values(state)),
    shallowEqual,
  );
  return <SectionBoundary {...props} resetKeys={[...resetKeys, ...shown]} />;
}
