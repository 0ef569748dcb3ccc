import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import type { Project, ProjectApplication } from '../../domain/projectTypes';
import { PendingRequestList } from '../../ui/PendingRequestList';
import { approveRequested, declineRequested, operationKey, selectProjectsInFlight } from './projectsSlice';

/** The owner's list of pending requests to join, each to approve or decline. */
export function ProjectJoinRequests({
  project,
  applications,
}: {
  project: Project;
  applications: ProjectApplication[];
}) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectProjectsInFlight);
  const pending = applications.filter((application) => application.status === 'pending');
  return (
    <PendingRequestList
      className="card project__section"
      headingId="project-requests"
      heading={
        <>
          Requests to join <span className="count">{pending.length}</span>
        </>
      }
      emptyMessage="No pending requests. People who ask to join show up here."
      withNotes
      requests={pending.map((application) => ({
        personId: application.applicantId,
        name: application.applicantName,
        photoURL: application.applicantPhoto,
        note: application.note,
        // Approving and declining one applicant share a key.
        busy: isPending(inFlight, operationKey('approve', project.id, application.applicantId)),
      }))}
      onApprove={(applicantId) => dispatch(approveRequested({ projectId: project.id, applicantId }))}
      onDecline={(applicantId) => dispatch(declineRequested({ projectId: project.id, applicantId }))}
    />
  );
}
