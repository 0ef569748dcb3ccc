import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PRODUCT_NAME } from '../../config';
import { Button } from '../../ui/Button';
import { selectUpdateNoticeStatus, updateAccepted } from './updateNoticeSlice';

/** Non-blocking: the user may keep working on the old version and update when it suits them. */
export function UpdateNotice() {
  const status = useAppSelector(selectUpdateNoticeStatus);
  const dispatch = useAppDispatch();
  if (status === 'current') return null;
  const updating = status === 'accepted';
  return (
    <section className="update-notice" aria-label="App update">
      <p className="update-notice__text" role="status">
        A new version of {PRODUCT_NAME} is available.
      </p>
      <Button onClick={() => dispatch(updateAccepted())} busy={updating}>
        {updating ? 'Updating…' : 'Update'}
      </Button>
    </section>
  );
}
