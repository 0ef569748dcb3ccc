import { ComingSoon } from '../../ui/ComingSoon';

export default function DashboardPage() {
  return <ComingSoon title="Dashboard">Your friend requests, friends, tribes, projects and recommendations will live here.</ComingSoon>;
}
