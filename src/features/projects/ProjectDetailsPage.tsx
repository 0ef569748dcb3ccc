import { ComingSoon } from '../../ui/ComingSoon';

export default function ProjectDetailsPage() {
  return <ComingSoon title="Project Details">A project's required skills, team and requests to join.</ComingSoon>;
}
