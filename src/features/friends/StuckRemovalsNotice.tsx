import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { stuckRemovalMessage } from '../../domain/friendsRemoval';
import { selectStuckRemovals, stuckRemovalsDismissed } from './friendsSlice';

/** On the dashboard: removals the user started whose other side keeps failing (issue 9, item 5). */
export function StuckRemovalsNotice() {
  const dispatch = useAppDispatch();
  const removals = useAppSelector(selectStuckRemovals);
  if (removals.length === 0) return null;
  return (
    <div className="card dashboard__outcome dashboard__outcome--error" role="alert">
      <ul>
        {removals.map((removal) => (
          <li key={removal.targetId}>{stuckRemovalMessage(removal.targetName)}</li>
        ))}
      </ul>
      <button type="button" className="button button--ghost" onClick={() => dispatch(stuckRemovalsDismissed())}>
        Dismiss
      </button>
    </div>
  );
}
