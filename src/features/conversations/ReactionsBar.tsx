import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { PostComment, ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import type { TribePost } from '../../domain/tribeTypes';
import { reactionLabel } from './conversationLogic';
import { ReactionMenu } from './ReactionMenu';
import {
  reactionErrorDismissed,
  reactionToggled,
  selectItemReactions,
  selectNextToggle,
  selectReactionButtons,
  selectTogglesPending,
} from './reactionsSlice';

/** What the reactions are on: a post, or a comment under one. */
export type ReactionTarget = { type: 'post'; on: TribePost } | { type: 'comment'; on: PostComment };

interface ReactionsBarProps {
  target: ReactionTarget;
  /** Members react; others see the counts. */
  canReact: boolean;
  /** Ids of what names the item (its author and time), for the Add reaction button. */
  describedBy?: string;
}

/** The post or comment as a reaction's item: which post it is (under), in which tribe, by whom. */
function reactionItemOf({ type, on }: ReactionTarget): ReactionItem {
  const postId = type === 'post' ? on.id : on.postId;
  return { type, id: on.id, postId, tribeId: on.tribeId, authorId: on.authorId };
}

/**
 * The item's reactions: one toggle button per reaction with a count above zero, named
 * "{Name}: {count}" and pressed when it is mine, and "Add reaction" for the others. A press shows
 * at once; a refused one goes back, and says why.
 */
export function ReactionsBar({ target, canReact, describedBy }: ReactionsBarProps) {
  const item = reactionItemOf(target);
  // The counts the item's document had when rendered: shown until the store has the item.
  const counts = target.on.reactionCounts;
  // Names the group: "Reactions to Ada's post".
  const label = `Reactions to ${target.on.authorName}'s ${target.type}`;
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const buttons = useAppSelector((state) => selectReactionButtons(state, item.id, counts));
  const error = useAppSelector((state) => selectItemReactions(state, item.id)?.error ?? null);
  const pending = useAppSelector((state) => selectTogglesPending(state, item.id));
  // Numbered from the store at the moment of the press: a second press before the next render is a second toggle.
  const toggle = (kind: ReactionKind) =>
    dispatch(reactionToggled({ item, kind, seq: selectNextToggle(store.getState(), item.id) }));

  if (buttons.length === 0 && !canReact) return null;
  return (
    <div className="reactions" role="group" aria-label={label} aria-busy={pending || undefined}>
      {buttons.map((button) => (
        <button
          key={button.kind}
          type="button"
          className={button.mine ? 'reaction reaction--mine' : 'reaction'}
          aria-pressed={button.mine}
          aria-label={reactionLabel(button)}
          disabled={!canReact}
          onClick={() => toggle(button.kind)}
        >
          <span aria-hidden="true">{button.emoji}</span>
          <span aria-hidden="true" className="reaction__count">
            {button.count}
          </span>
        </button>
      ))}
      {canReact && <ReactionMenu onChoose={toggle} describedBy={describedBy} />}
      {error && (
        <p className="reactions__error field__error" role="alert">
          {error}{' '}
          <button
            type="button"
            className="button button--ghost reactions__dismiss"
            onClick={() => dispatch(reactionErrorDismissed({ itemId: item.id }))}
          >
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
