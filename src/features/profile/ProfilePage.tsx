import { ComingSoon } from '../../ui/ComingSoon';

export default function ProfilePage() {
  return <ComingSoon title="Profile">A developer's profile: bio, skills, posts and friends.</ComingSoon>;
}
