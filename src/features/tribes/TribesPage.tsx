import { ComingSoon } from '../../ui/ComingSoon';

export default function TribesPage() {
  return <ComingSoon title="Explore Tribes">Browse and search communities by name or topic.</ComingSoon>;
}
