import { ComingSoon } from '../../ui/ComingSoon';

export default function TribeDetailsPage() {
  return <ComingSoon title="Tribe Details">A tribe's members and posts.</ComingSoon>;
}
