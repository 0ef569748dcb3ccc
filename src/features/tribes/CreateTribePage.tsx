import { ComingSoon } from '../../ui/ComingSoon';

export default function CreateTribePage() {
  return <ComingSoon title="Create Tribe">Start a community around a topic you care about.</ComingSoon>;
}
