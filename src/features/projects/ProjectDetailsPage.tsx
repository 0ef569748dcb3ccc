import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DetailsFrame } from '../../ui/DetailsFrame';
import { selectSessionUser } from '../session';
import { detailsClosed, detailsOpened, selectProjectDetails } from './projectsSlice';
import { ProjectView } from './ProjectView';

export default function ProjectDetailsPage() {
  const dispatch = useAppDispatch();
  const { projectId = '' } = useParams<{ projectId: string }>();
  const uid = useAppSelector(selectSessionUser)?.uid ?? null;
  const details = useAppSelector(selectProjectDetails);

  useEffect(() => {
    if (!projectId) return undefined;
    dispatch(detailsOpened({ projectId }));
    return () => {
      dispatch(detailsClosed({ projectId }));
    };
  }, [dispatch, projectId]);

  const current = details.projectId === projectId ? details : null;
  const project = current?.status === 'ready' ? current.project : null;
  if (!project) {
    return (
      <DetailsFrame
        status={current?.status ?? 'loading'}
        noun="project"
        missingReason="It may have been deleted, or the link is mistyped."
        back={{ to: '/project-matchmaking', label: 'Browse projects' }}
        error={current?.error?.message ?? 'Something went wrong while loading the project.'}
        onRetry={() => dispatch(detailsOpened({ projectId }))}
      />
    );
  }
  return <ProjectView project={project} uid={uid} />;
}
