import { ComingSoon } from '../../ui/ComingSoon';

export default function ProjectsPage() {
  return <ComingSoon title="Project Matchmaking">Projects ranked by how well they match your skills.</ComingSoon>;
}
