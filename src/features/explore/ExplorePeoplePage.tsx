import { ComingSoon } from '../../ui/ComingSoon';

export default function ExplorePeoplePage() {
  return <ComingSoon title="Explore People">Search developers by name or skill and connect with them.</ComingSoon>;
}
