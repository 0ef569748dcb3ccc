import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import { PendingRequestList } from '../../ui/PendingRequestList';
import { operationKey } from './tribeOperations';
import { selectJoinRequests } from './tribeSelectors';
import { approveRequested, declineRequested, selectTribesInFlight } from './tribesSlice';

/** For the owner of a tribe that admits by request. */
export function TribeJoinRequests({ tribeId }: { tribeId: string }) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectJoinRequests);
  const inFlight = useAppSelector(selectTribesInFlight);
  return (
    <PendingRequestList
      className="card tribe__section"
      headingId="tribe-requests"
      heading="Join requests"
      emptyMessage="No one is waiting. Requests to join show up here."
      requests={requests.map((request) => ({
        personId: request.uid,
        name: request.displayName,
        photoURL: request.photoURL,
        // Approving and declining one applicant share a key.
        busy: isPending(inFlight, operationKey('approve', request.uid)),
      }))}
      onApprove={(uid) => dispatch(approveRequested({ tribeId, uid }))}
      onDecline={(uid) => dispatch(declineRequested({ tribeId, uid }))}
    />
  );
}
