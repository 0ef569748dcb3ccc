import { textKey } from '../../domain/compareText';

interface SkillChipsProps {
  skills: readonly string[];
  /** Skills the viewer has too (any case); highlighted and announced as shared. */
  sharedSkills?: readonly string[];
  label: string;
}

export function SkillChips({ skills, sharedSkills = [], label }: SkillChipsProps) {
  const shared = new Set(sharedSkills.map(textKey));
  return (
    <ul className="chips" aria-label={label}>
      {skills.map((skill) => {
        const isShared = shared.has(textKey(skill));
        return (
          <li key={skill} className={isShared ? 'chip chip--shared' : 'chip'}>
            {skill}
            {isShared && <span className="visually-hidden"> (shared)</span>}
          </li>
        );
      })}
    </ul>
  );
}
