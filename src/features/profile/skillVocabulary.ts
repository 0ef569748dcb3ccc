// Suggestions for the skills field; any other skill may be typed freely. It spells skills the way
// the demo community does (ML, Accessibility, Prometheus...), so picking one matches existing people.
export const SKILL_VOCABULARY: readonly string[] = [
  'Accessibility', 'Angular', 'Ansible', 'AWS', 'Azure', 'Bash', 'C', 'C#', 'C++', 'CSS', 'Dart', 'Django', 'Docker',
  'Elixir', 'Express', 'Figma', 'Firebase', 'Flutter', 'GCP', 'Git', 'Go', 'GraphQL', 'Haskell',
  'HTML', 'Java', 'JavaScript', 'Jest', 'Kafka', 'Kotlin', 'Kubernetes', 'Laravel', 'Linux',
  'ML', 'MongoDB', 'MySQL', 'Next.js', 'Node.js', 'PHP', 'PostgreSQL', 'Prometheus', 'Python',
  'PyTorch', 'React', 'React Native', 'Redis', 'Redux', 'Ruby', 'Ruby on Rails', 'Rust', 'Scala',
  'Spring', 'SQL', 'Svelte', 'Swift', 'Tailwind CSS', 'TensorFlow', 'Terraform', 'TypeScript',
  'UI Design', 'Vue', 'WebAssembly',
];
