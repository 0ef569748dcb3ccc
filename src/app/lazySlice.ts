// Reading a lazy slice from any state the store can hold. A lazy slice is absent until its feature
// has loaded, and Redux DevTools can show any recorded state: one from before the feature loaded
// (a jump back), or one imported into a tab that never loaded it. Every selector of a lazy slice
// reads through selectLazySlice, so an absent slice reads as its initial state instead of throwing.
import type { LazySlices } from './rootReducer';

/** A state that may hold the lazy slices `K` (RootState does, each possibly absent). */
export type MayHold<K extends keyof LazySlices> = { [P in K]?: LazySlices[P] | undefined };

interface LazySliceLike<K extends keyof LazySlices> {
  reducerPath: K;
  getInitialState: () => LazySlices[K];
}

/**
 * The slice's state, or its initial state where the store holds none: the same object every time
 * (createSlice freezes one initial state), so memoized selectors over it stay memoized. Use it as
 * `slice.getSelectors(selectLazySlice(slice))` and as the input of derived selectors.
 */
export function selectLazySlice<K extends keyof LazySlices>(
  slice: LazySliceLike<K>,
): (state: MayHold<K>) => LazySlices[K] {
  const { reducerPath } = slice;
  return (state) => state[reducerPath] ?? slice.getInitialState();
}
